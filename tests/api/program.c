/* Checks the library of a stencil program (stencilc gen --api on examples/programs: lib.h, prefix
 * lib) against the example's own function compiled by cc (the oracle, independent of stencilc).
 * Built with -DEXAMPLE='"path.c"' -DCASE_<NAME> -I<the library's folder>. Buffers b[0..NB) of
 * CELLS elements, contiguous so that the first NSTATE are the example's time-level array; the
 * rest are coefficient grids. For each step count:
 *  - the halo contract (lib_run, lib_run_device where host memory is device memory): every state
 *    buffer but FROM (the one holding level t0) starts with another halo and, for the buffer the
 *    first step writes, another interior; the oracle runs on the same buffers with FROM's halo in
 *    each (none copied for 0 steps, which change nothing); every cell of every buffer must agree;
 *  - lib_run_levels against the oracle on the buffers exactly as given (each its own halo);
 *  - the refusals: a NULL buffer, one buffer given twice, a too small extent, t0 < 0.
 * Prints one line per failure and exits 1 on any. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"
#include EXAMPLE

enum { N = 40, CELLS = N * N };

#if defined CASE_ACOUSTIC /* u[3] from t = 1 (levels 0 and 1 the initial conditions), vp2dt2 */
typedef float T;
enum { NB = 4, NSTATE = 3, FROM = 1, T0 = 1 };
#define ORACLE(b, steps) acoustic2d(N, N, T0 + (int)(steps), (void *)(b)[0], (void *)(b)[3])
#define ARGS(b, e0, t0, steps) (b)[0], (b)[1], (b)[2], (b)[3], (e0), N, (t0), (steps)
#define COEF 0.05, 0.2 /* vp2dt2 * sum |c| within the CFL bound */
#elif defined CASE_LEAPFROG /* p[2], the new level over the oldest, vel */
typedef float T;
enum { NB = 3, NSTATE = 2, FROM = 0, T0 = 0 };
#define ORACLE(b, steps) acoustic2d_leapfrog(N, (int)(steps), (void *)(b)[0], (void *)(b)[2])
#define ARGS(b, e0, t0, steps) (b)[0], (b)[1], (b)[2], (e0), N, (t0), (steps)
#define COEF 0.05, 0.2
#elif defined CASE_HEAT_VAR /* u[2], the conductivity k, the scalar r */
typedef double T;
enum { NB = 3, NSTATE = 2, FROM = 0, T0 = 0 };
#define R_VALUE 0.21
#define ORACLE(b, steps) heat2d_var(N, N, (int)(steps), R_VALUE, (void *)(b)[0], (void *)(b)[2])
#define ARGS(b, e0, t0, steps) (b)[0], (b)[1], (b)[2], (e0), N, (t0), (steps), R_VALUE
#define COEF 0.1, 1.0
#endif

static int failures;

static double value(unsigned long long *s) {
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((*s >> 33) % 1000000) / 1e6;
}

static int is_halo(long c) {
  long i = c / N, j = c % N;
  return i < lib_LO0 || i >= N - lib_HI0 || j < lib_LO1 || j >= N - lib_HI1;
}

/* Buffers b[0..NB) in one block: state values in [-1, 1], coefficients in [lo, hi]. */
static T *make(T *b[NB], unsigned long long seed, double lo, double hi) {
  T *all = malloc(sizeof(T) * NB * CELLS);
  for (int i = 0; i < NB; i++) {
    b[i] = all + (long)i * CELLS;
    for (long c = 0; c < CELLS; c++)
      b[i][c] = (T)(i < NSTATE ? 2 * value(&seed) - 1 : lo + (hi - lo) * value(&seed));
  }
  return all;
}

static void compare(const char *what, long steps, T *const got[NB], T *const want[NB]) {
  for (int i = 0; i < NSTATE; i++)
    for (long c = 0; c < CELLS; c++) {
      double d = fabs((double)got[i][c] - want[i][c]);
      if (!(d <= 1e-4 * (1 + fabs((double)want[i][c])))) {
        printf("FAIL: %s after %ld steps: buffer %d cell %ld is %g, the loop gives %g\n", what, steps, i,
               c, (double)got[i][c], (double)want[i][c]);
        failures++;
        return;
      }
    }
}

static void check_steps(long steps) {
  T *lib[NB], *want[NB], *given[NB];
  T *a = make(lib, 7 + steps, COEF), *b = make(want, 7 + steps, COEF), *g = make(given, 7 + steps, COEF);
  unsigned long long seed = 99 + steps;
  for (int i = 0; i < NSTATE; i++) /* other halos; the written buffer's interior garbage too */
    for (long c = 0; c < CELLS && i != FROM; c++)
      if (is_halo(c) || i == (T0 + 1) % NSTATE) lib[i][c] = given[i][c] = (T)(5 * value(&seed) - 2);
  for (int i = 0; i < NSTATE; i++) /* the oracle: FROM's halo in every buffer (0 steps: no change) */
    for (long c = 0; c < CELLS; c++)
      if (is_halo(c) && steps > 0) want[i][c] = want[FROM][c];
      else want[i][c] = lib[i][c];
  T *dev[NB];
  T *d = make(dev, 1, COEF);
  memcpy(d, a, sizeof(T) * NB * CELLS);
  int rc = lib_run(ARGS(lib, N, T0, steps));
  if (rc) printf("FAIL: lib_run returned %d (%s)\n", rc, lib_strerror(rc)), failures++;
  rc = lib_run_device(ARGS(dev, N, T0, steps), NULL);
  if (rc) printf("FAIL: lib_run_device returned %d\n", rc), failures++;
  ORACLE(want, steps);
  compare("lib_run (halo contract)", steps, lib, want);
  compare("lib_run_device (halo contract)", steps, dev, want);
  /* run_levels: the loop on the buffers as given */
  memcpy(b, g, sizeof(T) * NB * CELLS);
  rc = lib_run_levels(ARGS(given, N, T0, steps));
  if (rc) printf("FAIL: lib_run_levels returned %d\n", rc), failures++;
  ORACLE(want, steps);
  compare("lib_run_levels", steps, given, want);
  free(a), free(b), free(g), free(d);
}

int main(void) {
  static const long counts[] = {0, 1, 2, 5, 8};
  for (size_t k = 0; k < sizeof counts / sizeof *counts; k++) check_steps(counts[k]);
  T *b[NB], *all = make(b, 3, COEF), *keep = b[1];
  if (lib_run(ARGS(b, N, T0, -1)) != lib_EARG) printf("FAIL: steps -1 accepted\n"), failures++;
  if (lib_run(ARGS(b, N, -1, 2)) != lib_EARG) printf("FAIL: t0 -1 accepted\n"), failures++;
  b[1] = NULL;
  if (lib_run(ARGS(b, N, T0, 2)) != lib_EARG) printf("FAIL: a NULL buffer accepted\n"), failures++;
  b[1] = b[0];
  if (lib_run(ARGS(b, N, T0, 2)) != lib_EARG) printf("FAIL: one buffer for two levels accepted\n"), failures++;
  b[1] = keep;
  if (lib_run(ARGS(b, lib_LO0 + lib_HI0, T0, 2)) != lib_ESIZE) printf("FAIL: an extent without interior accepted\n"), failures++;
  free(all);
  printf("%s\n", failures ? "FAILED" : "ok");
  return failures != 0;
}
