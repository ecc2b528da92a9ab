/* Jacobi on two flat grids kept in an array of two pointers, C89 style: the pointers declared at
 * the top of the function and set to the step's levels at the top of each step (cur = grid[t &
 * 1];), then used after the loop (the last step wrote `nxt`). Prints the sum of the result, a
 * probe of it and of both grids.
 * run: 26 31 4
 * run: 26 31 7
 * run: 17 20 1
 */
#include <stdio.h>
#include <stdlib.h>

static double jacobi(int n, int m, int nsteps, double *grid[2]) {
  double *cur, *nxt;
  int t, i, j;
  double sum = 0;
  cur = grid[0];
  nxt = grid[1];
  for (t = 0; t < nsteps; t++) {
    cur = grid[t & 1];
    nxt = grid[(t + 1) & 1];
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < m - 1; j++)
        nxt[i * m + j] = 0.25 * (cur[(i - 1) * m + j] + cur[(i + 1) * m + j] +
                                 cur[i * m + j - 1] + cur[i * m + j + 1]);
  }
  for (i = 0; i < n * m; i++) sum += nxt[i];
  printf("probe %.9f cur %.9f\n", nxt[(n / 2) * m + m / 3], cur[(n / 3) * m + m / 2]);
  return sum;
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), m = atoi(argv[2]), nsteps = atoi(argv[3]);
  double *grid[2];
  grid[0] = malloc(sizeof(double) * n * m);
  grid[1] = malloc(sizeof(double) * n * m);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      int wall = i == 0 || j == 0 || i == n - 1 || j == m - 1;
      grid[0][i * m + j] = wall ? 1.0 : (double)((i * 7 + j * 3) % 11) / 11.0;
      grid[1][i * m + j] = wall ? 1.0 : 0.0;
    }
  printf("sum %.9f\n", jacobi(n, m, nsteps, grid));
  printf("g0 %.9f g1 %.9f\n", grid[0][(n / 3) * m + m / 2], grid[1][(n / 3) * m + m / 2]);
  free(grid[0]);
  free(grid[1]);
  return 0;
}
