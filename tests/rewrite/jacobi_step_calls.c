/* Jacobi relaxation of a 2D Poisson-like problem the way many teaching codes write it: the
 * sweep is a function, called twice per iteration with the grids swapped instead of a pointer
 * swap, the iteration loop counted with '!='; the 5-point average is a helper function.
 * Prints the residual-like sum of the result and one cell.
 * run: 37 29 5
 * run: 20 41 8
 */
#include <stdio.h>
#include <stdlib.h>

static inline double avg5(const double *u, int i, int j, int nx) {
  return 0.2 * (u[i * nx + j] + u[(i - 1) * nx + j] + u[(i + 1) * nx + j] + u[i * nx + j - 1] +
                u[i * nx + j + 1]);
}

static void sweep(const double *src, double *dst, int ny, int nx) {
  for (int i = 1; i < ny - 1; i++)
    for (int j = 1; j < nx - 1; j++)
      dst[i * nx + j] = 0.2 * (src[i * nx + j] + src[(i - 1) * nx + j] + src[(i + 1) * nx + j] +
                               src[i * nx + j - 1] + src[i * nx + j + 1]);
}

static void relax(int ny, int nx, int iters, double *u, double *v) {
  for (int it = 0; it != iters; ++it) {
    sweep(u, v, ny, nx);
    sweep(v, u, ny, nx);
  }
}

static void smooth_once(int ny, int nx, double *u, double *v) {
  for (int i = 1; i < ny - 1; i++)
    for (int j = 1; j < nx - 1; j++) v[i * nx + j] = avg5(u, i, j, nx);
}

int main(int argc, char **argv) {
  int ny = argc > 1 ? atoi(argv[1]) : 64, nx = argc > 2 ? atoi(argv[2]) : 64;
  int iters = argc > 3 ? atoi(argv[3]) : 10;
  double *u = malloc(sizeof(double) * ny * nx), *v = malloc(sizeof(double) * ny * nx);
  for (int k = 0; k < ny * nx; k++) u[k] = v[k] = (double)((k * 37) % 101) / 101.0;
  relax(ny, nx, iters, u, v);
  smooth_once(ny, nx, u, v);
  double sum = 0;
  for (int k = 0; k < ny * nx; k++) sum += u[k] * (1 + k % 5) + v[k];
  printf("sum %.9e cell %.9f\n", sum, u[(ny / 2) * nx + nx / 2]);
  free(u);
  free(v);
  return 0;
}
