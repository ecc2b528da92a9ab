/* 2D acoustic forward modelling as seismic codes write it (8th order in space, flat float
 * arrays, three wavefields rotated by pointer, v^2 dt^2 / h^2 per cell from a layered model),
 * with what such codes do in the time loop besides stepping: a progress line on stderr before
 * the step, a snapshot written every `snap` steps by a function taking the wavefield as
 * const float *, and a receiver's value halfway. Step counts and snapshot intervals that leave
 * each pointer of the rotation current at a snapshot.
 * stencilc: --function fwd2d
 * run: 40 36 25 4
 * run: 33 41 14 3
 * run: 30 30 7 5
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#define R 4

static void write_snapshot(FILE *out, const float *p, int nz, int nx, int it) {
  double e = 0;
  for (int i = 0; i < nz * nx; i++) e += (double)p[i] * p[i];
  fprintf(out, "snapshot %d energy %.6e trace %.6e\n", it, e, (double)p[(nz / 3) * nx + nx / 2]);
}

void fwd2d(int nz, int nx, int nt, int snap, FILE *log, float *pp, float *p, float *pn,
           const float *v2dt2) {
  const float c0 = -205.0f / 72.0f, c1 = 8.0f / 5.0f, c2 = -1.0f / 5.0f, c3 = 8.0f / 315.0f,
              c4 = -1.0f / 560.0f;
  for (int it = 0; it < nt; it++) {
    if (log && it % 10 == 0) fprintf(log, "fwd2d: step %d / %d\n", it, nt);
    for (int i = R; i < nz - R; i++)
      for (int j = R; j < nx - R; j++) {
        int idx = i * nx + j;
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
    if (it % snap == 0) write_snapshot(stdout, p, nz, nx, it);
    if (it == nt / 2) printf("it %d receiver %.6e\n", it, (double)p[(nz / 2) * nx + nx / 4]);
  }
}

int main(int argc, char **argv) {
  if (argc < 5) return 2;
  int nz = atoi(argv[1]), nx = atoi(argv[2]), nt = atoi(argv[3]), snap = atoi(argv[4]);
  size_t cells = (size_t)nz * nx;
  float *a = calloc(cells, sizeof *a), *b = calloc(cells, sizeof *b), *c = calloc(cells, sizeof *c);
  float *v2dt2 = malloc(cells * sizeof *v2dt2);
  const float h = 10.0f, dt = 0.001f;
  for (int i = 0; i < nz; i++)
    for (int j = 0; j < nx; j++) {
      float v = i < nz / 2 ? 1500.0f : 2500.0f;
      v2dt2[i * nx + j] = (v * dt / h) * (v * dt / h);
      float d2 = (float)((i - nz / 3) * (i - nz / 3) + (j - nx / 2) * (j - nx / 2));
      a[i * nx + j] = b[i * nx + j] = expf(-d2 / 8.0f);
    }
  fwd2d(nz, nx, nt, snap, NULL, a, b, c, v2dt2);
  double e[3] = {0, 0, 0};
  for (size_t k = 0; k < cells; k++) {
    e[0] += (double)a[k] * a[k];
    e[1] += (double)b[k] * b[k];
    e[2] += (double)c[k] * c[k];
  }
  printf("buffers %.6e %.6e %.6e\n", e[0], e[1], e[2]);
  free(a);
  free(b);
  free(c);
  free(v2dt2);
  return 0;
}
