/* A 2D heat equation in the form of many course codes: two flat grids, the one read and the one
 * written chosen each step by the parity of the step (no pointer swap), the result in u after an
 * even count of steps and in v after an odd one. u's halo is a hot wall, v's a cold one: each
 * step reads the halo of the grid it reads. Prints both grids' sums and a probe.
 * run: 34 29 4
 * run: 34 29 7
 * run: 21 40 1
 */
#include <stdio.h>
#include <stdlib.h>

static void heat(int nx, int ny, int nsteps, double alpha, double *u, double *v) {
  for (int t = 0; t < nsteps; t++) {
    double *src = (t % 2 == 0) ? u : v;
    double *dst = (t % 2 == 0) ? v : u;
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        dst[i * ny + j] = src[i * ny + j] +
                          alpha * (src[(i - 1) * ny + j] + src[(i + 1) * ny + j] +
                                   src[i * ny + j - 1] + src[i * ny + j + 1] - 4.0 * src[i * ny + j]);
  }
}

int main(int argc, char **argv) {
  int nx = atoi(argv[1]), ny = atoi(argv[2]), nsteps = atoi(argv[3]);
  double *u = malloc(sizeof(double) * nx * ny), *v = malloc(sizeof(double) * nx * ny);
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++) {
      int wall = i == 0 || j == 0 || i == nx - 1 || j == ny - 1;
      u[i * ny + j] = wall ? 100.0 : (double)((i * 7 + j * 3) % 11);
      v[i * ny + j] = wall ? -20.0 : 0.0;
    }
  heat(nx, ny, nsteps, 0.2, u, v);
  double su = 0, sv = 0;
  for (int c = 0; c < nx * ny; c++) su += u[c], sv += v[c];
  printf("sum u %.9f sum v %.9f\n", su, sv);
  printf("probe u %.9f v %.9f\n", u[(nx / 2) * ny + ny / 3], v[(nx / 3) * ny + ny / 2]);
  free(u);
  free(v);
  return 0;
}
