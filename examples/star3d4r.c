/* star3d4r: 3D star stencil of radius 4, one coefficient per point (AN5D, Table 3) */

void star3d4r(int n, int steps, float A[2][n][n][n]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 4; i < n - 4; i++) {
      for (int j = 4; j < n - 4; j++) {
        for (int k = 4; k < n - 4; k++) {
          A[(t + 1) % 2][i][j][k] = 0.03763f * A[t % 2][i][j][k] + 0.03873f * A[t % 2][i - 4][j][k]
                                    + 0.03378f * A[t % 2][i - 3][j][k] + 0.04158f * A[t % 2][i - 2][j][k]
                                    + 0.04136f * A[t % 2][i - 1][j][k] + 0.03545f * A[t % 2][i + 1][j][k]
                                    + 0.03937f * A[t % 2][i + 2][j][k] + 0.03815f * A[t % 2][i + 3][j][k]
                                    + 0.03546f * A[t % 2][i + 4][j][k] + 0.04008f * A[t % 2][i][j - 4][k]
                                    + 0.04018f * A[t % 2][i][j - 3][k] + 0.04157f * A[t % 2][i][j - 2][k]
                                    + 0.03715f * A[t % 2][i][j - 1][k] + 0.0362f * A[t % 2][i][j + 1][k]
                                    + 0.03486f * A[t % 2][i][j + 2][k] + 0.03675f * A[t % 2][i][j + 3][k]
                                    + 0.03841f * A[t % 2][i][j + 4][k] + 0.03833f * A[t % 2][i][j][k - 4]
                                    + 0.03384f * A[t % 2][i][j][k - 3] + 0.03869f * A[t % 2][i][j][k - 2]
                                    + 0.04185f * A[t % 2][i][j][k - 1] + 0.03868f * A[t % 2][i][j][k + 1]
                                    + 0.03635f * A[t % 2][i][j][k + 2] + 0.03586f * A[t % 2][i][j][k + 3]
                                    + 0.03966f * A[t % 2][i][j][k + 4];
        }
      }
    }
  }
}
