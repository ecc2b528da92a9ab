/* A product over a filter loop (acc *= W[b] * A[..]) with the weights in an array parameter:
 * not a weighted sum, so no single stencil's weights, but a stencil program's expression whose
 * run-time scalars are W[0], W[1], W[2]. */
void f(int n, int steps, const float W[3], float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        float acc = 1.0f;
        for (int b = 0; b < 3; b++)
          acc *= W[b] * A[t % 2][i][j + b - 1];
        A[(t + 1) % 2][i][j] = acc;
      }
}
