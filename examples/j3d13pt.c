/* j3d13pt: 3D 13-point star of radius 2 (Rawat, Table 1) */
#define RAD 2

void j3d13pt(int n, int steps, float A[2][n][n][n]) {
  for (int t = 0; t < steps; t++) {
    for (int i = RAD; i < n - RAD; i++) {
      for (int j = RAD; j < n - RAD; j++) {
        for (int k = RAD; k < n - RAD; k++) {
          A[(t+1)%2][i][j][k] = 0.07511f * A[t%2][i][j][k] + 0.08193f * A[t%2][i-2][j][k]
                                + 0.06682f * A[t%2][i-1][j][k] + 0.06393f * A[t%2][i+1][j][k]
                                + 0.08133f * A[t%2][i+2][j][k] + 0.0675f * A[t%2][i][j-2][k]
                                + 0.06925f * A[t%2][i][j-1][k] + 0.07f * A[t%2][i][j+1][k]
                                + 0.07381f * A[t%2][i][j+2][k] + 0.07288f * A[t%2][i][j][k-2]
                                + 0.07594f * A[t%2][i][j][k-1] + 0.07839f * A[t%2][i][j][k+1]
                                + 0.08313f * A[t%2][i][j][k+2];
        }
      }
    }
  }
}
