// expect: 5:7: error: loop over 'j' is bounded by 'n', but axis 1 of 'A' has size 'm'
void f(int n, int m, int steps, float A[2][n][m]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = 0.5f * A[t % 2][i][j - 1] + 0.5f * A[t % 2][i][j];
}
