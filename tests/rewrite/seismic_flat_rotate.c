/* A seismic forward-modelling mini-app as C codes write it: flat float arrays allocated with the
 * run-time sizes nz x nx, the cell's index computed first (idx = iz * nx + ix), the 8th-order
 * Laplacian from offsets of it (idx +- nx), the wavefields at t - 1, t, t + 1 in three arrays
 * rotated by pointer after each step, v^2 dt^2 / h^2 per cell from a two-layer model. A pulse
 * starts at rest. Prints the energy of each array and a receiver line.
 * run: 60 52 9
 * run: 44 70 10
 * stencilc: --function propagate
 * cuda-backend: naive
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define R 4

static void propagate(int nz, int nx, int nt, float *pp, float *p, float *pn, const float *v2dt2) {
  const float c0 = -205.0f / 72.0f, c1 = 8.0f / 5.0f, c2 = -1.0f / 5.0f, c3 = 8.0f / 315.0f,
              c4 = -1.0f / 560.0f;
  for (int it = 0; it < nt; it++) {
    for (int iz = R; iz < nz - R; iz++)
      for (int ix = R; ix < nx - R; ix++) {
        int idx = iz * nx + ix;
        float lap = 2.0f * c0 * p[idx] +
                    c1 * (p[idx + 1] + p[idx - 1] + p[idx + nx] + p[idx - nx]) +
                    c2 * (p[idx + 2] + p[idx - 2] + p[idx + 2 * nx] + p[idx - 2 * nx]) +
                    c3 * (p[idx + 3] + p[idx - 3] + p[idx + 3 * nx] + p[idx - 3 * nx]) +
                    c4 * (p[idx + 4] + p[idx - 4] + p[idx + 4 * nx] + p[idx - 4 * nx]);
        pn[idx] = 2.0f * p[idx] - pp[idx] + v2dt2[idx] * lap;
      }
    float *tmp = pp;
    pp = p;
    p = pn;
    pn = tmp;
  }
}

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  int nz = atoi(argv[1]), nx = atoi(argv[2]), nt = atoi(argv[3]);
  size_t n = (size_t)nz * nx;
  float *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b), *c = calloc(n, sizeof *c);
  float *v2dt2 = malloc(n * sizeof *v2dt2);
  const float h = 10.0f, dt = 0.001f;
  for (int iz = 0; iz < nz; iz++)
    for (int ix = 0; ix < nx; ix++) {
      float v = iz < nz / 2 ? 1800.0f : 2600.0f;
      v2dt2[iz * nx + ix] = (v * dt / h) * (v * dt / h);
      float d2 = (float)((iz - nz / 3) * (iz - nz / 3) + (ix - nx / 2) * (ix - nx / 2));
      a[iz * nx + ix] = b[iz * nx + ix] = expf(-d2 / 12.0f);
    }
  propagate(nz, nx, nt, a, b, c, v2dt2);
  const float *arr[3] = {a, b, c};
  for (int k = 0; k < 3; k++) {
    double e = 0;
    for (size_t i = 0; i < n; i++) e += (double)arr[k][i] * arr[k][i];
    printf("array %d energy %.6e\n", k, e);
  }
  printf("receivers:");
  for (int ix = R; ix < nx - R; ix += 5) printf(" %.5f", b[(R + 2) * nx + ix] + c[(R + 2) * nx + ix]);
  printf("\n");
  free(a);
  free(b);
  free(c);
  free(v2dt2);
  return 0;
}
