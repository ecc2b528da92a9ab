// expect: 7:56: error: reads 'p' at the cell being written: that is the value from two steps back (a second-order-in-time scheme), which stencilc does not take yet
/* The two-buffer leapfrog of a wave equation reads the level being written at the centre. */
void wave(int n, int steps, float p[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        p[(t + 1) % 2][i][j] = 2.0f * p[t % 2][i][j] - p[(t + 1) % 2][i][j] +
                               0.1f * (p[t % 2][i - 1][j] + p[t % 2][i + 1][j] + p[t % 2][i][j - 1] + p[t % 2][i][j + 1] - 4.0f * p[t % 2][i][j]);
}
