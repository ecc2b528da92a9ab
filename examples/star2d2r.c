/* star2d2r: 2D star stencil of radius 2, one coefficient per point (AN5D, Table 3) */
#define RAD 2

void star2d2r(int n, int steps, float A[2][n][n]) {
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = RAD; i < n - RAD; i++) {
      for (int j = RAD; j < n - RAD; j++) {
        A[(t+1)%2][i][j] = 0.1113f * A[t%2][i][j] + 0.09937f * A[t%2][i-2][j] + 0.1103f * A[t%2][i-1][j]
                           + 0.09866f * A[t%2][i+1][j] + 0.1083f * A[t%2][i+2][j] + 0.1174f * A[t%2][i][j-2]
                           + 0.09981f * A[t%2][i][j-1] + 0.0961f * A[t%2][i][j+1] + 0.1088f * A[t%2][i][j+2];
      }
    }
  }
#pragma endscop
}
