// expect: {"dims": 1, "dtype": "double", "extents": ["n"], "steps": "iters", "radius": [1], "shape": "star", "npoints": 3, "coefs": {"-1": 0.3333333333333333, "0": 0.3333333333333333, "1": 0.3333333333333333}, "time_form": "pointer swap", "steps_per_iter": 1}
/* A 1D three-point Jacobi sweep as a benchmark harness writes it: sizes from the command line,
 * malloc'd grids, the sweep between two clock readings, a pointer swap after each sweep, and
 * the throughput printed at the end. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  int iters = argc > 2 ? atoi(argv[2]) : 100;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *tmp;
  for (long i = 0; i < n; i++) a[i] = b[i] = (double)(i % 17) / 17.0;

  double t0 = now();
  for (int it = 0; it < iters; it++) {
    for (long i = 1; i < n - 1; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
    tmp = a;
    a = b;
    b = tmp;
  }
  double t1 = now();

  printf("%ld points, %d sweeps: %.3f Mupdates/s (a[1] = %g)\n", n, iters,
         (double)(n - 2) * iters / (t1 - t0) / 1e6, a[1]);
  free(a);
  free(b);
  return 0;
}
