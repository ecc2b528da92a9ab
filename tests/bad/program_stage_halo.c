// expect: 11:13: error: reads 'k1' at offset -1 along axis 0, but the loop over 'i' leaves only 0 cells there
/* the second stage runs from 0 but reads k1 one row up */
void rk(int n, int steps, float u[2][n][n], float k1[n][n]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        k1[i][j] = u[t % 2][i][j] + 0.1f * (u[t % 2][i - 1][j] + u[t % 2][i + 1][j] - 2.0f * u[t % 2][i][j]);
    for (int i = 0; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[(t + 1) % 2][i][j] =
            0.5f * (u[t % 2][i][j] + k1[i][j] + 0.1f * (k1[i - 1][j] + k1[i + 1][j] - 2.0f * k1[i][j]));
  }
}
