// expect: 9:31: error: loop over 'b' inside the cell is bounded by 'n', which is not a compile-time constant
/* A filter loop must have constant bounds to be unrolled. */
void f(int n, int steps, const float W[3][3], float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        float acc = 0.0f;
        for (int a = 0; a < 3; a++)
          for (int b = 0; b < n; b++)
            acc += W[a][b] * A[t % 2][i + a - 1][j + b - 1];
        A[(t + 1) % 2][i][j] = acc;
      }
}
