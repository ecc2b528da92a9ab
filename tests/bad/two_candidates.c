// expect: 9:3: error: 2 stencil time loops found: tests/bad/two_candidates.c:3 (in f), tests/bad/two_candidates.c:9 (in g)
void f(int n, int steps, float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = 0.5f * A[t % 2][i][j - 1] + 0.5f * A[t % 2][i][j];
}
void g(int n, int steps, float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = 0.5f * A[t % 2][i - 1][j] + 0.5f * A[t % 2][i][j];
}
