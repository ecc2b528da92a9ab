// expect: 3:23: error: time loop bound '2 * tsteps' is not a variable plus a constant
void f(int n, int tsteps, float A[2][n][n]) {
  for (int t = 0; t < tsteps * 2; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = 0.5f * A[t % 2][i][j - 1] + 0.5f * A[t % 2][i][j];
}
