// expect: 7:15: error: the accumulator has no starting value
/* The accumulator needs a starting value. */
void f(int n, int steps, const float W[3], float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        float acc;
        for (int b = 0; b < 3; b++)
          acc += W[b] * A[t % 2][i][j + b - 1];
        A[(t + 1) % 2][i][j] = acc;
      }
}
