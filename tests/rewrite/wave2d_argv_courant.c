/* The 2D wave equation as a textbook's finite-difference code writes it: three time levels
 * rotated by pointer, the wave speed and the Courant number from the command line, the squared
 * Courant factor c2 = (c dt / dx)^2 computed in locals before the time loop (dx from the grid
 * size, itself from atoi), after the call that sets the initial pulse; prints the sum of squares
 * and a probe.
 * run: 64 40 1.0 0.5
 * run: 41 25 2.0 0.3
 * stencilc: --function main
 * cuda-backend: naive
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* A Gaussian pulse at rest: both earlier levels hold it. */
static void pulse(int n, double *cur, double *prev) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++) {
      double x = (i - n / 2) / 4.0, y = (j - n / 3) / 4.0;
      cur[i * n + j] = prev[i * n + j] = exp(-(x * x + y * y));
    }
}

int main(int argc, char **argv) {
  if (argc < 5) return 2;
  int n = atoi(argv[1]), nt = atoi(argv[2]);
  double *prev = calloc((size_t)n * n, sizeof *prev), *cur = calloc((size_t)n * n, sizeof *cur);
  double *next = calloc((size_t)n * n, sizeof *next);
  pulse(n, cur, prev);
  const double c = atof(argv[3]);
  const double courant = atof(argv[4]);
  const double dx = 1.0 / (n - 1);
  const double dt = courant * dx / c;
  const double c2 = (c * dt / dx) * (c * dt / dx);
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        next[i * n + j] = 2.0 * cur[i * n + j] - prev[i * n + j] +
                          c2 * (cur[(i - 1) * n + j] + cur[(i + 1) * n + j] + cur[i * n + j - 1] +
                                cur[i * n + j + 1] - 4.0 * cur[i * n + j]);
    double *tmp = prev;
    prev = cur;
    cur = next;
    next = tmp;
  }
  double e = 0;
  for (int i = 0; i < n * n; i++) e += cur[i] * cur[i];
  printf("c2 %.6f\nsum2 %.9f\nprobe %.9f\n", c2, e, cur[(n / 4) * n + n / 2]);
  free(prev);
  free(cur);
  free(next);
  return 0;
}
