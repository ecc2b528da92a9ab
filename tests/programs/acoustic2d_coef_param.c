/* 2D acoustic modelling as codes that compute their finite-difference weights at run time write
 * it (fd_weights(order, coef) in the caller): the weights come in a pointer parameter, read as
 * coef[0] and coef[r] in a radius loop, flat float arrays, three wavefields rotated by pointer. */
#define R 2

void fd2d(int nz, int nx, int nt, const float *coef, const float *vv, float *u0, float *u1,
          float *u2) {
  for (int it = 0; it < nt; it++) {
    for (int iz = R; iz < nz - R; iz++)
      for (int ix = R; ix < nx - R; ix++) {
        int i = iz * nx + ix;
        float lap = 2.0f * coef[0] * u1[i];
        for (int r = 1; r <= R; r++)
          lap += coef[r] * (u1[i - r] + u1[i + r] + u1[i - r * nx] + u1[i + r * nx]);
        u2[i] = 2.0f * u1[i] - u0[i] + vv[i] * lap;
      }
    float *t = u0;
    u0 = u1;
    u1 = u2;
    u2 = t;
  }
}
