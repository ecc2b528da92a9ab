/* A CUDA library returns a failed kernel launch to its caller (lib_EDEVICE) and goes on working:
 * a grid of 600000 rows needs 75000 blocks along the axis whose launch limit is 65535, which
 * the device (or cudaemu) refuses; the process must not end there. The next call, on a grid
 * that fits, must succeed: no error of the failed call is kept. Built with -DPROGRAM for the
 * library of examples/programs/heat2d_var.c (double, a conductivity grid k, a scalar r), else
 * for examples/j2d5pt.c (float). Prints FAIL lines and exits 1 on a failure. */
#include <stdio.h>
#include <stdlib.h>

#include "lib.h"

static int failed;

static void expect(const char *what, int rc, int want) {
  if (rc != want) {
    printf("FAIL %s: returned %d (%s), want %d\n", what, rc, lib_strerror(rc), want);
    failed = 1;
  }
}

int main(void) {
  const long rows[2] = {600000, 40}, cols = 6;
  for (int i = 0; i < 2; i++) {
    const long e0 = rows[i], n = e0 * cols;
    int want = i == 0 ? lib_EDEVICE : 0;
#ifdef PROGRAM
    double *u0 = calloc(n, sizeof *u0), *u1 = calloc(n, sizeof *u1), *k = calloc(n, sizeof *k);
    if (!u0 || !u1 || !k) return 2;
    expect(i ? "run, a grid that fits" : "run, a launch beyond the limits",
           lib_run(u0, u1, k, e0, cols, 0, 3, 0.1), want);
    expect(i ? "run_levels, a grid that fits" : "run_levels, a launch beyond the limits",
           lib_run_levels(u0, u1, k, e0, cols, 1, 2, 0.1), want);
    free(u0), free(u1), free(k);
#else
    float *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b);
    if (!a || !b) return 2;
    expect(i ? "run, a grid that fits" : "run, a launch beyond the limits", lib_run(a, b, e0, cols, 3), want);
    expect(i ? "run_levels, a grid that fits" : "run_levels, a launch beyond the limits",
           lib_run_levels(a, b, e0, cols, 2), want);
    free(a), free(b);
#endif
  }
  if (!failed) printf("launch errors returned\n");
  return failed;
}
