/* star2d4r: 2D star stencil of radius 4, one coefficient per point (AN5D, Table 3) */

void star2d4r(int n, int steps, float A[2][n][n]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 4; i < n - 4; i++) {
      for (int j = 4; j < n - 4; j++) {
        A[(t + 1) % 2][i][j] = 0.05555f * A[t % 2][i][j] + 0.04977f * A[t % 2][i - 4][j] + 0.06178f * A[t % 2][i - 3][j]
                               + 0.05132f * A[t % 2][i - 2][j] + 0.06153f * A[t % 2][i - 1][j] + 0.05483f * A[t % 2][i + 1][j]
                               + 0.05079f * A[t % 2][i + 2][j] + 0.05625f * A[t % 2][i + 3][j] + 0.0546f * A[t % 2][i + 4][j]
                               + 0.06265f * A[t % 2][i][j - 4] + 0.06133f * A[t % 2][i][j - 3] + 0.05151f * A[t % 2][i][j - 2]
                               + 0.06174f * A[t % 2][i][j - 1] + 0.05259f * A[t % 2][i][j + 1] + 0.04795f * A[t % 2][i][j + 2]
                               + 0.05623f * A[t % 2][i][j + 3] + 0.05961f * A[t % 2][i][j + 4];
      }
    }
  }
}
