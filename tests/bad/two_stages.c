// expect: 10:20: error: the second sweep computes another update than the first (two stages)
void f(int n, int steps, double A[n][n], double B[n][n]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.5 * (A[i][j - 1] + A[i][j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] =
                   0.5 * (B[i - 1][j] + B[i + 1][j]);
  }
}
