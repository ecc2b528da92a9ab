// expect: 7:34: error: the subscript of the coefficient array 'W' is neither a constant nor a radius loop's variable
/* A weight read at a run-time subscript is not a coefficient of a fixed point. */
void f(int n, int k, int steps, const float W[4], float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = W[k] * A[t % 2][i][j - 1] + W[0] * A[t % 2][i][j];
}
