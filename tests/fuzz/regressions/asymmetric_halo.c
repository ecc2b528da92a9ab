/* star3d4r: 3D star stencil of radius 4, one coefficient per point (AN5D, Table 3) */

void star3d4r(int n, int steps, float A[2][n][n][n]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 4; i < n - 4; i++) {
      for (int j = 4; j < n - 4; j++) {
        for (int k = 2; k < n - 4; k++) {
          A[(t + 1) % 2][i][j][k] =                            + 0.03715f                 + 0.04185f * A[t % 2][i][j][k - 1] + 0.03868f * A[t % 2][i][j][k + 1]
                                    + 0.03635f * A[t % 2][i][j][k + 2] + 0.03586f * A[t % 2][i][j][k + 3]
                                    + 0.03966f * A[t % 2][i][j][k + 4];
        }
      }
    }
  }
}
