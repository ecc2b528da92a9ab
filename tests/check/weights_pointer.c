/* Weights passed as a pointer, without sizes: each element read (W[0], W[1]) is a run-time
 * scalar of a stencil program. */
void f(int n, int steps, const float *W, float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = W[0] * A[t % 2][i][j - 1] + W[1] * A[t % 2][i][j];
}
