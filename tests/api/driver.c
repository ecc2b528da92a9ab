/* Checks a library of `stencilc gen --api` (lib.h, prefix lib) against the user's own function
 * (the example file, compiled by cc: an oracle independent of stencilc's emitter).
 * Built with -DEXAMPLE='"path.c"' -DFUNC=name -DDIMS=2|3 -DEXT=extent [-DCONV2D] [-DHOST_IS_DEVICE].
 * For each step count: buf0 random, halo included; buf1 random too, its halo different from
 * buf0's (the halo contract: the result must not depend on it). The oracle runs on A[2] whose
 * both levels hold buf0 (the plain loop with one boundary condition). Checks every cell of both
 * buffers (level steps in buf[steps % 2], level steps - 1 in the other), the in-place form
 * (buf1 NULL), the device entry point where host memory is device memory (cpu, cudaemu),
 * lib_run_levels against the loop on both levels as given, and the refusals of bad extents and
 * steps. Prints one line per failure and exits 1 on any. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"
#include EXAMPLE

#if DIMS == 2
#define CELLS ((long)EXT * EXT)
#define EXTENTS EXT, EXT
#define SMALL lib_LO0 + lib_HI0, EXT
#else
#define CELLS ((long)EXT * EXT * EXT)
#define EXTENTS EXT, EXT, EXT
#define SMALL EXT, lib_LO1 + lib_HI1, EXT
#endif

#ifdef CONV2D
static float W[M][N];
#define WARG , &W[0][0]
#define ORACLE(a, steps) FUNC(EXT, EXT, (steps), (const float (*)[N])W, (void *)(a))
#else
#define WARG
#define ORACLE(a, steps) FUNC(EXT, (steps), (void *)(a))
#endif

#define STR_(x) #x
#define STR(x) STR_(x)

static int failures;

static float value(unsigned long long *s) {
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return 0.1f + 0.9f * (float)((*s >> 33) % 1000000) / 1e6f;
}

static void fill(float *a, long n, unsigned long long seed) {
  for (long i = 0; i < n; i++) a[i] = value(&seed);
}

static void compare(const char *what, long steps, const float *got, const float *want) {
  double worst = 0;
  long at = -1;
  for (long c = 0; c < CELLS; c++) {
    double d = fabs((double)got[c] - want[c]);
    if (!(d <= 1e-4 * (1 + fabs(want[c])))) {
      if (at < 0 || d > worst) worst = d, at = c;
    }
  }
  if (at >= 0) {
    printf("FAIL: %s after %ld steps: cell %ld is %g, the loop gives %g (max error %g)\n", what, steps,
           at, got[at], want[at], worst);
    failures++;
  }
}

static void check_steps(long steps) {
  size_t bytes = (size_t)CELLS * sizeof(float);
  float *b[2] = {malloc(bytes), malloc(bytes)}, *a = malloc(2 * bytes), *in_place = malloc(bytes);
  fill(b[0], CELLS, 1 + (unsigned long long)steps);
  fill(b[1], CELLS, 1000 + (unsigned long long)steps); /* another halo, another interior */
  memcpy(a, b[0], bytes);
  memcpy(a + CELLS, b[0], bytes);
  memcpy(in_place, b[0], bytes);
  ORACLE(a, (int)steps);
  int r = (int)(steps % 2);
  float *want[2] = {a, a + CELLS};
#ifdef HOST_IS_DEVICE
  float *d[2] = {malloc(bytes), malloc(bytes)};
  memcpy(d[0], b[0], bytes);
  fill(d[1], CELLS, 7 + (unsigned long long)steps);
  int rc = lib_run_device(d[0], d[1], EXTENTS, steps WARG, NULL);
  if (rc) printf("FAIL: lib_run_device: %s\n", lib_strerror(rc)), failures++;
  compare("run_device, result buffer", steps, d[r], want[r]);
  if (steps) compare("run_device, other buffer", steps, d[1 - r], want[1 - r]);
  free(d[0]);
  free(d[1]);
#endif
  int rc2 = lib_run(b[0], b[1], EXTENTS, steps WARG);
  if (rc2) printf("FAIL: lib_run: %s\n", lib_strerror(rc2)), failures++;
  compare("run, result buffer", steps, b[r], want[r]);
  if (steps) compare("run, other buffer", steps, b[1 - r], want[1 - r]);
  rc2 = lib_run(in_place, NULL, EXTENTS, steps WARG);
  if (rc2) printf("FAIL: lib_run in place: %s\n", lib_strerror(rc2)), failures++;
  compare("run in place", steps, in_place, want[r]);
  free(b[0]);
  free(b[1]);
  free(a);
  free(in_place);
}

/* lib_run_levels: the loop's own halos. Levels as given (their halos differ: a fused backend
 * runs step by step), then a second level with buf0's halo and another interior (fused). */
static void check_levels(long steps) {
  size_t bytes = (size_t)CELLS * sizeof(float);
  float *b[2] = {malloc(bytes), malloc(bytes)}, *a = malloc(2 * bytes);
  for (int same_halo = 0; same_halo < 2; same_halo++) {
    fill(b[0], CELLS, 3 + (unsigned long long)steps);
    fill(b[1], CELLS, 3000 + (unsigned long long)steps);
    if (same_halo) memcpy(b[1], b[0], bytes), b[1][CELLS / 2] += 1; /* the centre: interior */
    memcpy(a, b[0], bytes);
    memcpy(a + CELLS, b[1], bytes);
    ORACLE(a, (int)steps);
    int rc = lib_run_levels(b[0], b[1], EXTENTS, steps WARG);
    if (rc) printf("FAIL: lib_run_levels: %s\n", lib_strerror(rc)), failures++;
    compare(same_halo ? "run_levels (same halos), buffer 0" : "run_levels, buffer 0", steps, b[0], a);
    compare(same_halo ? "run_levels (same halos), buffer 1" : "run_levels, buffer 1", steps, b[1], a + CELLS);
  }
  free(b[0]);
  free(b[1]);
  free(a);
}

int main(int argc, char **argv) {
#ifdef CONV2D
  unsigned long long seed = 99;
  float sum = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) sum += W[i][j] = value(&seed);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) W[i][j] /= sum;
#endif
  for (int i = 1; i < argc; i++) check_steps(atol(argv[i])), check_levels(atol(argv[i]));
  float *x = calloc((size_t)CELLS, sizeof(float));
  if (lib_run(x, NULL, SMALL, 1 WARG) != lib_ESIZE)
    printf("FAIL: an extent of only halo is not refused\n"), failures++;
  if (lib_run(x, NULL, EXTENTS, -1 WARG) != lib_EARG)
    printf("FAIL: steps -1 is not refused\n"), failures++;
  free(x);
  printf("%s: %d failure(s)\n", STR(FUNC), failures);
  return failures != 0;
}
