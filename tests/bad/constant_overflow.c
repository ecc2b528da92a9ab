// expect: 6:32: error: the constant expression overflows to inf
void f(int n, int steps, double A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = 1e300 * 1e300 * A[t % 2][i][j - 1] + 0.5 * A[t % 2][i][j];
}
