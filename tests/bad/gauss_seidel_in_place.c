// expect: 7:40: error: reads the time level being written in the same step, at an offset from the cell written
/* Gauss-Seidel: new values of the neighbours already updated are read (order dependent). */
void gs(int n, int steps, double A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = 0.25 * (A[(t + 1) % 2][i - 1][j] + A[t % 2][i + 1][j] + A[t % 2][i][j - 1] + A[t % 2][i][j + 1]);
}
