/* A seismic modelling mini-app: the 2D acoustic wave equation, eighth order in space (the two
 * second derivatives as temporaries, each along its axis), second
 * order in time with three time levels in one array (the level before last spelled (t - 1) % 3),
 * a layered velocity model turned into vp2dt2 = (v dt / h)^2 per cell, a Ricker-like pulse as the
 * initial wavefield at t = 0 and t = 1; the loop starts at t = 1, as codes whose first two levels
 * are the initial conditions do. Prints the energy of each buffer and a receiver line.
 * run: 64 48 41
 * cuda-backend: naive
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define R 4

static void model(int nz, int nx, int nt, float u[3][nz][nx], const float vp2dt2[nz][nx]) {
  /* d2/dz2 and d2/dx2 to eighth order, each a sum along its own axis */
  const float w0 = -205.0f / 72.0f, w1 = 8.0f / 5.0f, w2 = -1.0f / 5.0f, w3 = 8.0f / 315.0f, w4 = -1.0f / 560.0f;
  for (int t = 1; t < nt; t++) {
    for (int iz = R; iz < nz - R; iz++) {
      for (int ix = R; ix < nx - R; ix++) {
        float uzz = w0 * u[t % 3][iz][ix] + w1 * u[t % 3][iz - 1][ix] + w1 * u[t % 3][iz + 1][ix]
                  + w2 * u[t % 3][iz - 2][ix] + w2 * u[t % 3][iz + 2][ix] + w3 * u[t % 3][iz - 3][ix]
                  + w3 * u[t % 3][iz + 3][ix] + w4 * u[t % 3][iz - 4][ix] + w4 * u[t % 3][iz + 4][ix];
        float uxx = w0 * u[t % 3][iz][ix] + w1 * u[t % 3][iz][ix - 1] + w1 * u[t % 3][iz][ix + 1]
                  + w2 * u[t % 3][iz][ix - 2] + w2 * u[t % 3][iz][ix + 2] + w3 * u[t % 3][iz][ix - 3]
                  + w3 * u[t % 3][iz][ix + 3] + w4 * u[t % 3][iz][ix - 4] + w4 * u[t % 3][iz][ix + 4];
        u[(t + 1) % 3][iz][ix] = 2.0f * u[t % 3][iz][ix] - u[(t - 1) % 3][iz][ix] + vp2dt2[iz][ix] * (uzz + uxx);
      }
    }
  }
}

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  int nz = atoi(argv[1]), nx = atoi(argv[2]), nt = atoi(argv[3]);
  const float h = 10.0f, dt = 0.001f;
  float (*u)[nz][nx] = calloc(3, sizeof *u);
  float (*vp2dt2)[nx] = malloc(sizeof(float[nz][nx]));
  for (int iz = 0; iz < nz; iz++)
    for (int ix = 0; ix < nx; ix++) {
      float v = iz < nz / 3 ? 1500.0f : iz < 2 * nz / 3 ? 2200.0f : 3000.0f;
      vp2dt2[iz][ix] = (v * dt / h) * (v * dt / h);
    }
  for (int l = 0; l < 2; l++) /* the source: a pulse at (nz / 4, nx / 2), slightly wider at t = 1 */
    for (int iz = 0; iz < nz; iz++)
      for (int ix = 0; ix < nx; ix++) {
        float d2 = (float)((iz - nz / 4) * (iz - nz / 4) + (ix - nx / 2) * (ix - nx / 2));
        u[l][iz][ix] = (1.0f - d2 / (8.0f + l)) * expf(-d2 / (2.0f * (8.0f + l)));
      }
  model(nz, nx, nt, u, (const float (*)[nx])vp2dt2);
  for (int l = 0; l < 3; l++) {
    double e = 0;
    for (int iz = 0; iz < nz; iz++)
      for (int ix = 0; ix < nx; ix++) e += (double)u[l][iz][ix] * u[l][iz][ix];
    printf("buffer %d energy %.6e\n", l, e);
  }
  printf("receivers (level %d):", nt);
  for (int ix = R; ix < nx - R; ix += 6) printf(" %.5f", u[nt % 3][R + 2][ix]);
  printf("\n");
  free(u);
  free(vp2dt2);
  return 0;
}
