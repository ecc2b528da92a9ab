/* 2D wave equation with the three time levels in the first dimension of one array (VLA
 * parameters), the source subscripted per axis at the shot's cell of the new level, with the
 * sign convention of codes that inject minus the wavelet, sampled at the new time t + 1. */
void wave(int nz, int nx, int nt, int sz, int sx, double dt2, double u[3][nz][nx],
          const double vel[nz][nx], const double src[]) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < nz - 1; i++)
      for (int j = 1; j < nx - 1; j++)
        u[(t + 1) % 3][i][j] = 2.0 * u[t % 3][i][j] - u[(t + 2) % 3][i][j] +
                               vel[i][j] * (u[t % 3][i - 1][j] + u[t % 3][i + 1][j] +
                                            u[t % 3][i][j - 1] + u[t % 3][i][j + 1] -
                                            4.0 * u[t % 3][i][j]);
    u[(t + 1) % 3][sz][sx] -= dt2 * src[t + 1];
  }
}
