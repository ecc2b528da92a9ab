// expect: 9:17: error: the temporaries' uses copy more than 65536 operations
/* Squaring the accumulator on every iteration doubles its expression each time. */
void f(int n, int steps, const float W[64], float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        float acc = A[t % 2][i][j];
        for (int b = 0; b < 64; b++)
          acc = acc * acc * W[b];
        A[(t + 1) % 2][i][j] = acc;
      }
}
