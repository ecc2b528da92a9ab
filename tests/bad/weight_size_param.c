// expect: 3:47: error: size of weight array 'W' is not a positive compile-time constant
/* The filter's sizes must be known when stencilc runs: they set the points read. */
void f(int n, int k, int steps, const float W[k][k], float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = W[0][0] * A[t % 2][i][j - 1] + W[0][1] * A[t % 2][i][j];
}
