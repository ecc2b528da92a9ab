/* The 2D acoustic wave equation in the style of seismic modelling codes: three wavefields
 * behind pointers to rows (um: t - 1, u: t, up: t + 1) rotated after each step, a velocity model
 * turned into (v dt / h)^2 per cell, fourth order in space; sizes and the step count from the
 * command line. The step counter is declared before the loop and reported after it. The solver
 * prints the energy of the last two levels through its pointers, main a checksum of each of the
 * three buffers, so that a wrong rotation shows.
 * run: 48 40 9
 * run: 48 40 10
 * run: 36 44 11
 * run: 36 44 1
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void propagate(int nz, int nx, int nt, float (*um)[nx], float (*u)[nx], float (*up)[nx],
                      const float (*v2)[nx]) {
  int it;
  for (it = 1; it < nt; it++) {
    for (int iz = 2; iz < nz - 2; iz++)
      for (int ix = 2; ix < nx - 2; ix++) {
        float lap = -5.0f * u[iz][ix] +
                    (4.0f / 3.0f) * (u[iz - 1][ix] + u[iz + 1][ix] + u[iz][ix - 1] + u[iz][ix + 1]) -
                    (1.0f / 12.0f) * (u[iz - 2][ix] + u[iz + 2][ix] + u[iz][ix - 2] + u[iz][ix + 2]);
        up[iz][ix] = 2.0f * u[iz][ix] - um[iz][ix] + v2[iz][ix] * lap;
      }
    float (*tmp)[nx] = um;
    um = u;
    u = up;
    up = tmp;
  }
  double e = 0, k = 0;
  for (int iz = 0; iz < nz; iz++)
    for (int ix = 0; ix < nx; ix++) {
      e += (double)u[iz][ix] * u[iz][ix];
      k += (double)(u[iz][ix] - um[iz][ix]) * (u[iz][ix] - um[iz][ix]);
    }
  printf("after step %d: energy %.6e change %.6e centre %.6f\n", it, e, k, u[nz / 2][nx / 2]);
}

static double checksum(int nz, int nx, const float (*g)[nx]) {
  double s = 0;
  for (int iz = 0; iz < nz; iz++)
    for (int ix = 0; ix < nx; ix++) s += g[iz][ix] * (double)(1 + (iz + 3 * ix) % 7);
  return s;
}

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  int nz = atoi(argv[1]), nx = atoi(argv[2]), nt = atoi(argv[3]);
  const float dt = 0.001f, h = 5.0f;
  float (*p0)[nx] = malloc(sizeof(float[nz][nx])), (*p1)[nx] = malloc(sizeof(float[nz][nx]));
  float (*p2)[nx] = malloc(sizeof(float[nz][nx])), (*v2)[nx] = malloc(sizeof(float[nz][nx]));
  for (int iz = 0; iz < nz; iz++)
    for (int ix = 0; ix < nx; ix++) {
      float v = iz < nz / 2 ? 1500.0f : 2500.0f;
      float d2 = (float)((iz - nz / 3) * (iz - nz / 3) + (ix - nx / 2) * (ix - nx / 2));
      v2[iz][ix] = (v * dt / h) * (v * dt / h);
      p0[iz][ix] = expf(-d2 / 6.0f);        /* t = 0 */
      p1[iz][ix] = 0.9f * expf(-d2 / 7.0f); /* t = 1 */
      p2[iz][ix] = 0.5f;                    /* not yet a level: its halo stays as it is */
    }
  propagate(nz, nx, nt, p0, p1, p2, (const float (*)[nx])v2);
  printf("buffers %.6e %.6e %.6e\n", checksum(nz, nx, (const float (*)[nx])p0),
         checksum(nz, nx, (const float (*)[nx])p1), checksum(nz, nx, (const float (*)[nx])p2));
  free(p0);
  free(p1);
  free(p2);
  free(v2);
  return 0;
}
