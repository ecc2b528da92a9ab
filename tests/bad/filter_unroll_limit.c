// expect: 10:13: error: the filter loops unroll to more than 1024 updates
/* 101 x 101 updates: more than stencilc unrolls (1024). */
void f(int n, int steps, float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 50; i < n - 50; i++)
      for (int j = 50; j < n - 50; j++) {
        float acc = 0.0f;
        for (int a = 0; a < 101; a++)
          for (int b = 0; b < 101; b++)
            acc += 0.0001f * A[t % 2][i + a - 50][j + b - 50];
        A[(t + 1) % 2][i][j] = acc;
      }
}
