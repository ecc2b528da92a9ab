/* The acoustic wave of seismic modelling, p_next = 2 p - p_prev + v2 * lap(p), 8th order in
 * space with the Laplacian's radius loop over a static const coefficient table, flat float
 * arrays of run-time sizes indexed i * nx + j (the loop's reads p[idx + r * nx]), three
 * wavefields rotated by pointer and v^2 dt^2 per cell. */
#define R 4

static const float c[R + 1] = {-205.0f / 72.0f, 8.0f / 5.0f, -1.0f / 5.0f, 8.0f / 315.0f, -1.0f / 560.0f};

void fwd2d(int nz, int nx, int nt, float *pp, float *p, float *pn, const float *v2) {
  for (int it = 0; it < nt; it++) {
    for (int i = R; i < nz - R; i++)
      for (int j = R; j < nx - R; j++) {
        int idx = i * nx + j;
        float lap = 2.0f * c[0] * p[idx];
        for (int r = 1; r <= R; r++)
          lap += c[r] * (p[idx + r] + p[idx - r] + p[idx + r * nx] + p[idx - r * nx]);
        pn[idx] = 2.0f * p[idx] - pp[idx] + v2[idx] * lap;
      }
    float *tmp = pp;
    pp = p;
    p = pn;
    pn = tmp;
  }
}
