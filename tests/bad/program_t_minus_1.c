// expect: 10:36: error: time subscript of 'u' is negative at the first step (t = 0)
/* three time levels with t - 1 written as (t - 1) % 3 while t starts at 0: u[-1] at the first step */
void wave(int n, int steps, float u[3][n][n], const float v[n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[(t + 1) % 3][i][j] = 2.0f * u[t % 3][i][j]
                               + v[i][j] * (u[t % 3][i - 1][j] + u[t % 3][i + 1][j] + u[t % 3][i][j - 1]
                                            + u[t % 3][i][j + 1] - 4.0f * u[t % 3][i][j])
                               - u[(t - 1) % 3][i][j];
}
