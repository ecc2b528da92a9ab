/* A seismic forward-modelling mini-app with Cerjan's absorbing sponge as C codes write it: flat
 * float arrays of run-time sizes nz x nx, the cell's index first (idx = iz * nx + ix), the
 * wavefield at t - 1 overwritten by t + 1 and swapped by pointer, and the sponge as two 1D
 * damping profiles, exp(-(a (nb - i))^2) over the nb cells next to each edge and 1 inside,
 * along x (damp_x[ix]) and along depth (damp_z[iz]). A pulse starts at rest. Prints the energy of
 * each array and a receiver line.
 * run: 60 52 9
 * run: 44 70 10
 * stencilc: --function propagate
 * cuda-backend: naive
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void propagate(int nz, int nx, int nt, float *p, float *pm, const float *v2dt2,
                      const float *damp_x, const float *damp_z) {
  for (int it = 0; it < nt; it++) {
    for (int iz = 1; iz < nz - 1; iz++)
      for (int ix = 1; ix < nx - 1; ix++) {
        int idx = iz * nx + ix;
        float lap = p[idx - 1] + p[idx + 1] + p[idx - nx] + p[idx + nx] - 4.0f * p[idx];
        pm[idx] = (2.0f * p[idx] - pm[idx] + v2dt2[idx] * lap) * damp_x[ix] * damp_z[iz];
      }
    float *tmp = pm;
    pm = p;
    p = tmp;
  }
}

/* Cerjan's profile over n cells, nb of them damped at each end. */
static void sponge_profile(float *d, int n, int nb) {
  for (int i = 0; i < n; i++) {
    int k = i < nb ? nb - i : i >= n - nb ? i - (n - 1 - nb) : 0;
    d[i] = expf(-(0.05f * k) * (0.05f * k));
  }
}

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  int nz = atoi(argv[1]), nx = atoi(argv[2]), nt = atoi(argv[3]);
  size_t n = (size_t)nz * nx;
  float *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b), *v2dt2 = malloc(n * sizeof *v2dt2);
  float *damp_x = malloc((size_t)nx * sizeof *damp_x), *damp_z = malloc((size_t)nz * sizeof *damp_z);
  sponge_profile(damp_x, nx, 10);
  sponge_profile(damp_z, nz, 10);
  const float h = 10.0f, dt = 0.001f;
  for (int iz = 0; iz < nz; iz++)
    for (int ix = 0; ix < nx; ix++) {
      float v = iz < nz / 2 ? 1800.0f : 2600.0f;
      v2dt2[iz * nx + ix] = (v * dt / h) * (v * dt / h);
      float d2 = (float)((iz - nz / 3) * (iz - nz / 3) + (ix - nx / 2) * (ix - nx / 2));
      a[iz * nx + ix] = b[iz * nx + ix] = expf(-d2 / 12.0f);
    }
  propagate(nz, nx, nt, a, b, v2dt2, damp_x, damp_z);
  const float *arr[2] = {a, b};
  for (int k = 0; k < 2; k++) {
    double e = 0;
    for (size_t i = 0; i < n; i++) e += (double)arr[k][i] * arr[k][i];
    printf("array %d energy %.6e\n", k, e);
  }
  printf("receivers:");
  for (int ix = 1; ix < nx - 1; ix += 5) printf(" %.5f", a[3 * nx + ix] + b[3 * nx + ix]);
  printf("\n");
  free(a);
  free(b);
  free(v2dt2);
  free(damp_x);
  free(damp_z);
  return 0;
}
