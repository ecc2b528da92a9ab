/* A small application using the library stencilc generates from heat.c (see Makefile or
 * CMakeLists.txt): a plate with a hot edge, advanced STEPS steps by heatlib_run, checked against
 * the application's own loop, and its mean temperature printed. Exit 0 when they agree. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heatlib.h"

enum { NX = 130, NY = 202, STEPS = 101 };

/* The application's own step, the oracle: the same update written out by hand. */
static void step(const double *in, double *out) {
  for (long i = 1; i < NX - 1; i++)
    for (long j = 1; j < NY - 1; j++) {
      const double *c = in + i * NY + j;
      out[i * NY + j] = *c + 0.2 * (c[-NY] + c[NY] + c[-1] + c[1] - 4.0 * *c);
    }
}

int main(void) {
  const size_t bytes = sizeof(double) * NX * NY;
  double *u = malloc(bytes), *scratch = malloc(bytes), *ref[2] = {malloc(bytes), malloc(bytes)};
  if (!u || !scratch || !ref[0] || !ref[1]) return 2;
  for (long i = 0; i < NX; i++)
    for (long j = 0; j < NY; j++)
      u[i * NY + j] = i == 0 ? 100.0 : (i + j) % 7 * 0.5; /* the top edge is hot */
  memset(scratch, 0xff, bytes); /* NaNs: the library never reads what the second buffer holds */
  memcpy(ref[0], u, bytes);
  memcpy(ref[1], u, bytes);

  int rc = heatlib_run(u, scratch, NX, NY, STEPS);
  if (rc) {
    fprintf(stderr, "heatlib_run: %s\n", heatlib_strerror(rc));
    return 2;
  }
  const double *got = STEPS % 2 ? scratch : u; /* the header: level STEPS is in buf[STEPS % 2] */

  for (int t = 0; t < STEPS; t++) step(ref[t % 2], ref[1 - t % 2]);
  const double *want = ref[STEPS % 2];
  double err = 0, sum = 0;
  for (long c = 0; c < (long)NX * NY; c++) {
    double d = fabs(got[c] - want[c]);
    if (!(d <= err)) err = d; /* a NaN shows as the error */
    sum += got[c];
  }
  printf("mean temperature after %d steps: %.6f\n", STEPS, sum / ((double)NX * NY));
  printf("max difference from the plain loop: %.3g\n", err);
  free(u);
  free(scratch);
  free(ref[0]);
  free(ref[1]);
  return err <= 1e-9 ? 0 : 1;
}
