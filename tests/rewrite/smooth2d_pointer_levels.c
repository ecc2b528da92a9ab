/* Two time levels kept as an array of two pointers, double *grid[2], the current one named by an
 * index toggled after each step (cur = 1 - cur), as C course codes and some mini-apps write it.
 * The two buffers have different walls: each step reads the halo of the level it reads. Prints
 * both levels' sums and which level cur names at the end.
 * run: 40 33 6
 * run: 40 33 9
 * run: 17 50 1
 */
#include <stdio.h>
#include <stdlib.h>

static void smooth(int nx, int ny, int nt, double *grid[2], int *last) {
  int cur = 0;
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        grid[1 - cur][i * ny + j] = 0.2 * (grid[cur][i * ny + j] + grid[cur][(i - 1) * ny + j] +
                                           grid[cur][(i + 1) * ny + j] + grid[cur][i * ny + j - 1] +
                                           grid[cur][i * ny + j + 1]);
    cur = 1 - cur;
  }
  *last = cur;
}

int main(int argc, char **argv) {
  int nx = atoi(argv[1]), ny = atoi(argv[2]), nt = atoi(argv[3]), last;
  double *grid[2];
  for (int l = 0; l < 2; l++) {
    grid[l] = malloc(sizeof(double) * nx * ny);
    for (int i = 0; i < nx; i++)
      for (int j = 0; j < ny; j++)
        grid[l][i * ny + j] = (i == 0 || j == 0 || i == nx - 1 || j == ny - 1)
                                  ? (l ? -5.0 : 50.0)
                                  : (double)((i * 13 + j * 7) % 17);
  }
  smooth(nx, ny, nt, grid, &last);
  double s[2] = {0, 0};
  for (int l = 0; l < 2; l++)
    for (int c = 0; c < nx * ny; c++) s[l] += grid[l][c];
  printf("sum0 %.9f sum1 %.9f last %d\n", s[0], s[1], last);
  printf("probe %.9f\n", grid[last][(nx / 2) * ny + ny / 2]);
  return 0;
}
