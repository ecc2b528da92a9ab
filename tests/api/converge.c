/* Checks the library of a convergence loop (gen --api of tests/check/converge_*.c, cpu backend)
 * against a Jacobi solver written here by hand, as a user writes it next to the library: the
 * same update (UPDATE, per source: -DCASE_TUTORIAL, -DCASE_L2, -DCASE_DO or -DCASE_EVERY), the
 * residual the largest |new - old| (or the sum of squares tested through sqrt, -DCASE_L2; on
 * every 10th iteration alone, -DCASE_EVERY), a while loop with a cap (a do loop, -DCASE_DO),
 * the pointers swapped. For each tolerance and cap: lib_run with a
 * second buffer of another halo and interior (the halo contract: the hand loop starts from two
 * copies of buf0), lib_run in place (buf1 NULL), and lib_run_levels (each buffer its own halo, as
 * the hand loop on the two buffers as given: two boundary conditions in turn, so it runs to the
 * cap): the iteration count, the residual and both
 * buffers must be the hand loop's. Built with -I<the library's folder> (lib.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"

#if defined CASE_TUTORIAL /* converge_laplace2d_tutorial.c, copy-back, error = 1.0 first */
#define UPDATE(u, c, m) (0.25 * (u[(c) + 1] + u[(c) - 1] + u[(c) - (m)] + u[(c) + (m)]))
#elif defined CASE_L2 /* converge_jacobi_l2_sum_squares.c, norm = 1.0 first */
#define UPDATE(u, c, m) (0.25 * (u[(c) - (m)] + u[(c) + (m)] + u[(c) - 1] + u[(c) + 1]))
#elif defined CASE_DO /* converge_do_while_max_macro.c, a do loop */
#define UPDATE(u, c, m) ((u[(c) - (m)] + u[(c) + (m)] + u[(c) - 1] + u[(c) + 1]) / 4.0)
#elif defined CASE_EVERY /* converge_laplace2d_every_k.c, the error on every 10th iteration */
#define UPDATE(u, c, m) (0.25 * (u[(c) + 1] + u[(c) - 1] + u[(c) - (m)] + u[(c) + (m)]))
#else
#error "define CASE_TUTORIAL, CASE_L2, CASE_DO or CASE_EVERY"
#endif
/* whether iteration iter computes the residual (else it keeps its value) */
#ifdef CASE_EVERY
#define CHECKED(iter) ((iter) % 10 == 0)
#else
#define CHECKED(iter) 1
#endif

enum { N = 22, M = 27, CELLS = N * M };
static int failures;

/* The hand-written solver on the two buffers a and b (a read first), pointers swapped; returns
 * the iterations, the residual in *err. */
static long solve(double *a, double *b, double tol, long max_iter, double *err_out) {
  double err = 1.0;
  long iter = 0;
#ifdef CASE_DO
  do {
#elif defined CASE_L2
  while (sqrt(err) > tol && iter < max_iter) {
#else
  while (err > tol && iter < max_iter) {
#endif
    const int checked = CHECKED(iter);
    if (checked) err = 0.0;
    for (long i = 1; i < N - 1; i++)
      for (long j = 1; j < M - 1; j++) {
        long c = i * M + j;
        b[c] = UPDATE(a, c, M);
        if (!checked) continue;
#ifdef CASE_L2
        double d = b[c] - a[c];
        err += d * d;
#else
        err = fmax(err, fabs(b[c] - a[c]));
#endif
      }
    double *t = a;
    a = b;
    b = t;
    iter++;
  }
#ifdef CASE_DO
  while (err > tol && iter < max_iter);
#endif
  *err_out = err;
  return iter;
}

static void fill(double *a, unsigned long long s) {
  for (long i = 0; i < CELLS; i++) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    a[i] = (double)((s >> 33) % 1000000) / 1e5;
  }
}

static void same_grid(const char *what, const double *got, const double *want) {
  if (memcmp(got, want, CELLS * sizeof *got)) {
    long c = 0;
    while (got[c] == want[c]) c++;
    printf("FAIL: %s: cell %ld is %.17g, the hand loop leaves %.17g\n", what, c, got[c], want[c]);
    failures++;
  }
}

static void same_run(const char *what, int rc, long k, double r, long want_k, double want_r) {
  if (rc) printf("FAIL: %s: %s\n", what, lib_strerror(rc)), failures++;
  else if (k != want_k || !(r == want_r || (isinf(r) && isinf(want_r))))
    printf("FAIL: %s: %ld iterations, residual %.17g; the hand loop: %ld, %.17g\n", what, k, r,
           want_k, want_r), failures++;
}

/* One tolerance and cap through the three entry points; the steps the hand loop made from two
 * copies of buf0. */
static long check(double tol, long max_iter) {
  static double a[CELLS], b[CELLS], want[2][CELLS], got[2][CELLS];
  char what[128];
  double want_r, r = -1;
  long k = -1;
  fill(a, 11);
  fill(b, 29); /* another halo and interior */
  /* lib_run: the hand loop from buf0 and a copy of it */
  memcpy(want[0], a, sizeof a);
  memcpy(want[1], a, sizeof a);
  long want_k = solve(want[0], want[1], tol, max_iter, &want_r), steps = want_k;
  memcpy(got[0], a, sizeof a);
  memcpy(got[1], b, sizeof b);
  snprintf(what, sizeof what, "lib_run tol %g max_iter %ld", tol, max_iter);
  int rc = lib_run(got[0], got[1], N, M, tol, max_iter, &k, &r);
  same_run(what, rc, k, r, want_k, want_r);
  same_grid(what, got[0], want[0]);
  if (want_k > 0) same_grid(what, got[1], want[1]); /* buf1's interior is level k - 1 */
  /* in place: buf0 holds the last level whatever the parity */
  memcpy(got[0], a, sizeof a);
  k = -1;
  snprintf(what, sizeof what, "lib_run in place tol %g max_iter %ld", tol, max_iter);
  rc = lib_run(got[0], NULL, N, M, tol, max_iter, &k, &r);
  same_run(what, rc, k, r, want_k, want_r);
  same_grid(what, got[0], want[want_k % 2]);
  /* run_levels: the buffers as given, each its own halo */
  memcpy(want[0], a, sizeof a);
  memcpy(want[1], b, sizeof b);
  want_k = solve(want[0], want[1], tol, max_iter, &want_r);
  memcpy(got[0], a, sizeof a);
  memcpy(got[1], b, sizeof b);
  snprintf(what, sizeof what, "lib_run_levels tol %g max_iter %ld", tol, max_iter);
  k = -1;
  rc = lib_run_levels(got[0], got[1], N, M, tol, max_iter, &k, &r);
  same_run(what, rc, k, r, want_k, want_r);
  same_grid(what, got[0], want[0]);
  same_grid(what, got[1], want[1]);
  return steps;
}

int main(void) {
  long converged = check(1e-3, 100000); /* converges before the cap */
  long capped = check(1e-3, 7);         /* the cap first, odd */
  check(1e-3, 8);                       /* even */
  long none = check(1e9, 100);          /* the residual starts at 1 (the do loop: one step) */
  long zero = check(1e-3, 0);           /* no step allowed (the do loop: one) */
  if (converged < 20 || converged >= 100000 || capped != 7)
    printf("FAIL: the runs do not cover both ways to stop: %ld and %ld steps\n", converged, capped),
        failures++;
#ifdef CASE_DO
  long want_none = 1;
#else
  long want_none = 0;
#endif
  if (none != want_none || zero != want_none)
    printf("FAIL: the hand loop made %ld and %ld steps, want %ld\n", none, zero, want_none), failures++;
  /* iterations and residual may be NULL; a negative cap and one buffer twice are refused */
  static double g[CELLS], h[CELLS];
  fill(g, 3);
  if (lib_run(g, h, N, M, 1e-3, 5, NULL, NULL)) printf("FAIL: lib_run with NULL outputs\n"), failures++;
  if (lib_run(g, h, N, M, 1e-3, -1, NULL, NULL) != lib_EARG) printf("FAIL: max_iter -1 taken\n"), failures++;
  if (lib_run_levels(g, g, N, M, 1e-3, 5, NULL, NULL) != lib_EARG)
    printf("FAIL: one buffer given twice taken\n"), failures++;
  if (lib_run(g, h, 2, M, 1e-3, 5, NULL, NULL) != lib_ESIZE) printf("FAIL: extent 2 taken\n"), failures++;
  printf("%s (%ld steps to converge)\n", failures ? "FAIL" : "PASS", converged);
  return failures != 0;
}
