/* star3d2r: 3D star stencil of radius 2, one coefficient per point (AN5D, Table 3) */
#define RAD 2

void star3d2r(int n, int steps, float A[2][n][n][n]) {
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = RAD; i < n - RAD; i++) {
      for (int j = RAD; j < n - RAD; j++) {
        for (int k = RAD; k < n - RAD; k++) {
          A[(t+1)%2][i][j][k] = 0.0698f * A[t%2][i][j][k] + 0.06834f * A[t%2][i-2][j][k]
                                + 0.07443f * A[t%2][i-1][j][k] + 0.06821f * A[t%2][i+1][j][k]
                                + 0.07606f * A[t%2][i+2][j][k] + 0.07264f * A[t%2][i][j-2][k]
                                + 0.07549f * A[t%2][i][j-1][k] + 0.07562f * A[t%2][i][j+1][k]
                                + 0.07221f * A[t%2][i][j+2][k] + 0.08393f * A[t%2][i][j][k-2]
                                + 0.06732f * A[t%2][i][j][k-1] + 0.06933f * A[t%2][i][j][k+1]
                                + 0.0766f * A[t%2][i][j][k+2];
        }
      }
    }
  }
#pragma endscop
}
