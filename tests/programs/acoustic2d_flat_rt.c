/* 2D acoustic forward modelling as seismic codes write it: 8th order in space, flat float
 * arrays whose sizes nz and nx come at run time, the cell's index computed first, the wavefield
 * at t - 1, t and t + 1 in three arrays rotated by pointer, and v^2 dt^2 / h^2 per cell. */
#define R 4

void fwd2d(int nz, int nx, int nt, float *pp, float *p, float *pn, const float *v2dt2) {
  const float c0 = -205.0f / 72.0f, c1 = 8.0f / 5.0f, c2 = -1.0f / 5.0f, c3 = 8.0f / 315.0f,
              c4 = -1.0f / 560.0f;
  for (int it = 0; it < nt; it++) {
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
  }
}
