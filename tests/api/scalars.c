/* Checks the library of a single stencil with run-time scalars (tests/inputs/heat2d_param_alpha.c:
 * the parameter alpha, the local r = alpha * DT / h^2 that the library derives) against the
 * user's own function compiled by cc, at an alpha other than the default: lib_run in place
 * (buf1 NULL) and lib_run_device with a second buffer whose halo differs (the halo contract), for
 * several step counts (lib_run_levels: tests/test_rewrite.sh); then that another alpha gives another result (the
 * value reaches the kernels). Built with -DEXAMPLE='"path.c"' -I<the library's folder>. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"
#include EXAMPLE

enum { N = 36, CELLS = N * N };
static const double ALPHA = 0.7;
static int failures;

static void fill(double *a, unsigned long long s) {
  for (long i = 0; i < CELLS; i++) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    a[i] = (double)((s >> 33) % 1000000) / 1e6;
  }
}

static void compare(const char *what, long steps, const double *got, const double *want) {
  for (long c = 0; c < CELLS; c++)
    if (!(fabs(got[c] - want[c]) <= 1e-10 * (1 + fabs(want[c])))) {
      printf("FAIL: %s after %ld steps: cell %ld is %.17g, the loop gives %.17g\n", what, steps, c,
             got[c], want[c]);
      failures++;
      return;
    }
}

int main(void) {
  static const long counts[] = {0, 1, 4, 9};
  static double a[CELLS], b[CELLS], in_place[CELLS], d[2][CELLS];
  for (size_t k = 0; k < sizeof counts / sizeof *counts; k++) {
    long steps = counts[k];
    fill(a, 5 + (unsigned long long)steps); /* the loop: A, and B with A's halo (copy-back) */
    memcpy(b, a, sizeof a);
    memcpy(in_place, a, sizeof a);
    memcpy(d[0], a, sizeof a);
    fill(d[1], 77); /* another halo and interior */
    heat(N, (int)steps, ALPHA, (double (*)[N])a, (double (*)[N])b);
    int rc = lib_run(in_place, NULL, N, N, steps, ALPHA);
    if (rc) printf("FAIL: lib_run: %s\n", lib_strerror(rc)), failures++;
    compare("lib_run in place", steps, in_place, a);
    rc = lib_run_device(d[0], d[1], N, N, steps, ALPHA, NULL);
    if (rc) printf("FAIL: lib_run_device: %s\n", lib_strerror(rc)), failures++;
    compare("lib_run_device, buf[steps % 2]", steps, d[steps % 2], a);
  }
  fill(a, 3);
  memcpy(in_place, a, sizeof a);
  memcpy(b, a, sizeof a);
  lib_run(in_place, NULL, N, N, 3, ALPHA);
  lib_run(b, NULL, N, N, 3, 2 * ALPHA);
  if (!memcmp(in_place, b, sizeof b)) printf("FAIL: alpha does not change the result\n"), failures++;
  printf("%s\n", failures ? "FAILED" : "ok");
  return failures != 0;
}
