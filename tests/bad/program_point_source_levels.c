// expect: 9:5: error: the point source writes 'u' at a level other than the one the stages wrote this step
/* A source term added to level t after the sweep has read it (u[t % 3], not u[(t + 1) % 3]). */
void wave(int nz, int nx, int nt, int sz, int sx, float u[3][nz][nx], const float vel[nz][nx],
          const float src[nt]) {
  for (int t = 1; t < nt; t++) {
    for (int i = 1; i < nz - 1; i++)
      for (int j = 1; j < nx - 1; j++)
        u[(t + 1) % 3][i][j] = 2.0f * u[t % 3][i][j] - u[(t + 2) % 3][i][j] + vel[i][j] * (u[t % 3][i - 1][j] + u[t % 3][i + 1][j] + u[t % 3][i][j - 1] + u[t % 3][i][j + 1] - 4.0f * u[t % 3][i][j]);
    u[t % 3][sz][sx] += src[t];
  }
}
