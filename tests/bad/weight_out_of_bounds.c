// expect: 10:25: error: subscript 3 is outside weight array 'W' (size 3)
/* The filter loops run one column past the declared filter. */
void f(int n, int steps, const float W[3][3], float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 2; i++)
      for (int j = 1; j < n - 2; j++) {
        float acc = 0.0f;
        for (int a = 0; a < 3; a++)
          for (int b = 0; b < 4; b++)
            acc += W[a][b] * A[t % 2][i + a - 1][j + b - 1];
        A[(t + 1) % 2][i][j] = acc;
      }
}
