/* 2D acoustic forward modelling as seismic codes write it (8th order in space, flat float
 * arrays, three wavefields rotated by pointer, v^2 dt^2 / h^2 per cell), with what such codes do
 * in the time loop besides stepping: a snapshot of the wavefield written every `snap` steps by a
 * function taking the grid as const float *, a progress line on stderr before the step, and a
 * receiver's value printed halfway. */
#include <stdio.h>
#define R 4

static void write_snapshot(FILE *out, const float *p, int nz, int nx, int it) {
  double e = 0;
  for (int i = 0; i < nz * nx; i++) e += (double)p[i] * p[i];
  fprintf(out, "snapshot %d energy %.6e\n", it, e);
}

void fwd2d(int nz, int nx, int nt, int snap, FILE *log, float *pp, float *p, float *pn,
           const float *v2dt2) {
  const float c0 = -205.0f / 72.0f, c1 = 8.0f / 5.0f, c2 = -1.0f / 5.0f, c3 = 8.0f / 315.0f,
              c4 = -1.0f / 560.0f;
  for (int it = 0; it < nt; it++) {
    if (log && it % 100 == 0) fprintf(log, "fwd2d: step %d / %d\n", it, nt);
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
    if (snap > 0 && it % snap == 0) write_snapshot(stdout, p, nz, nx, it);
    if (it == nt / 2) printf("it %d receiver %g\n", it, p[(nz / 2) * nx + nx / 4]);
  }
}
