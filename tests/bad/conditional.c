// expect: 6:32: error: a conditional (?:) in the update: stencilc computes updates without branches
void f(int n, int steps, float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = A[t % 2][i][j] > 0 ? A[t % 2][i][j - 1] : A[t % 2][i][j + 1];
}
