// expect: 15:30: error: loop over 'r' inside the cell is bounded by 'half', which is not a compile-time constant
/* The acoustic wave of seismic modelling as a stencil program (three wavefields rotated by
 * pointer, a velocity grid), its order a run-time argument: the radius loop cannot be unrolled
 * into the program's points, so it is refused at its bound, with the macro form. */
static const float c[5] = {-205.0f / 72.0f, 8.0f / 5.0f, -1.0f / 5.0f, 8.0f / 315.0f,
                           -1.0f / 560.0f};

void fwd2d(int nz, int nx, int nt, int order, float *pp, float *p, float *pn, const float *v2) {
  const int half = order / 2;
  for (int it = 0; it < nt; it++) {
    for (int i = 4; i < nz - 4; i++)
      for (int j = 4; j < nx - 4; j++) {
        int idx = i * nx + j;
        float lap = 2.0f * c[0] * p[idx];
        for (int r = 1; r <= half; r++)
          lap += c[r] * (p[idx + r] + p[idx - r] + p[idx + r * nx] + p[idx - r * nx]);
        pn[idx] = 2.0f * p[idx] - pp[idx] + v2[idx] * lap;
      }
    float *tmp = pp;
    pp = p;
    p = pn;
    pn = tmp;
  }
}
