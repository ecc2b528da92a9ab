// expect: 8:9: error: the loop body must end with the assignment to the grid
/* The block must end by storing the result. */
void f(int n, int steps, const float W[3], float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        float acc = 0.0f;
        for (int b = 0; b < 3; b++)
          acc += W[b] * A[t % 2][i][j + b - 1];
      }
}
