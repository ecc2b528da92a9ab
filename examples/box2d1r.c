/* box2d1r: 2D box stencil of radius 1, (2x+1)^2 weighted points (AN5D, Table 3) */
#define RAD 1

void box2d1r(int n, int steps, float A[2][n][n]) {
  for (int t = 0; t < steps; t++) {
    for (int i = RAD; i < n - RAD; i++) {
      for (int j = RAD; j < n - RAD; j++) {
        A[(t + 1) % 2][i][j] = 0.1008f * A[t % 2][i - 1][j - 1] + 0.1071f * A[t % 2][i - 1][j] + 0.091f * A[t % 2][i - 1][j + 1]
                               + 0.1039f * A[t % 2][i][j - 1] + 0.1188f * A[t % 2][i][j] + 0.1081f * A[t % 2][i][j + 1]
                               + 0.1054f * A[t % 2][i + 1][j - 1] + 0.1069f * A[t % 2][i + 1][j] + 0.1179f * A[t % 2][i + 1][j + 1];
      }
    }
  }
}
