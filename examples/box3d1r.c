/* box3d1r: 3D box stencil of radius 1, (2x+1)^3 weighted points (AN5D, Table 3) */
#define RAD 1

void box3d1r(int n, int steps, float A[2][n][n][n]) {
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = RAD; i < n - RAD; i++) {
      for (int j = RAD; j < n - RAD; j++) {
        for (int k = RAD; k < n - RAD; k++) {
          A[(t + 1) % 2][i][j][k] = 0.03087f * A[t % 2][i - 1][j - 1][k - 1] + 0.04014f * A[t % 2][i - 1][j - 1][k]
                                    + 0.03272f * A[t % 2][i - 1][j - 1][k + 1] + 0.03687f * A[t % 2][i - 1][j][k - 1]
                                    + 0.03348f * A[t % 2][i - 1][j][k] + 0.03957f * A[t % 2][i - 1][j][k + 1]
                                    + 0.03658f * A[t % 2][i - 1][j + 1][k - 1] + 0.03633f * A[t % 2][i - 1][j + 1][k]
                                    + 0.03557f * A[t % 2][i - 1][j + 1][k + 1] + 0.03932f * A[t % 2][i][j - 1][k - 1]
                                    + 0.03543f * A[t % 2][i][j - 1][k] + 0.03691f * A[t % 2][i][j - 1][k + 1]
                                    + 0.03464f * A[t % 2][i][j][k - 1] + 0.03427f * A[t % 2][i][j][k]
                                    + 0.03189f * A[t % 2][i][j][k + 1] + 0.03228f * A[t % 2][i][j + 1][k - 1]
                                    + 0.03999f * A[t % 2][i][j + 1][k] + 0.03945f * A[t % 2][i][j + 1][k + 1]
                                    + 0.03275f * A[t % 2][i + 1][j - 1][k - 1] + 0.03636f * A[t % 2][i + 1][j - 1][k]
                                    + 0.03071f * A[t % 2][i + 1][j - 1][k + 1] + 0.03564f * A[t % 2][i + 1][j][k - 1]
                                    + 0.03919f * A[t % 2][i + 1][j][k] + 0.0321f * A[t % 2][i + 1][j][k + 1]
                                    + 0.03647f * A[t % 2][i + 1][j + 1][k - 1] + 0.03168f * A[t % 2][i + 1][j + 1][k]
                                    + 0.03879f * A[t % 2][i + 1][j + 1][k + 1];
        }
      }
    }
  }
#pragma endscop
}
