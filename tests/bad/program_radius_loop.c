// expect: 15:9: error: a loop inside a stage's cell body (a radius or filter loop) is not unrolled in stencil programs
/* The acoustic wave of seismic modelling, p_next = 2 p - p_prev + v2 * lap(p), with the
 * Laplacian's radius loop: three wavefields and a velocity grid make it a stencil program,
 * whose front end does not unroll loops in the cell (yet); single stencils do. */
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
