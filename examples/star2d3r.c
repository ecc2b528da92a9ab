/* star2d3r: 2D star stencil of radius 3, one coefficient per point (AN5D, Table 3) */
#define RAD 3

void star2d3r(int n, int steps, float *buf) {
  float (*A)[n][n] = (float (*)[n][n])buf;
  for (int t = 0; t < steps; t++)
    for (int i = RAD; i < n - RAD; i++)
      for (int j = RAD; j < n - RAD; j++)
        A[(t + 1) % 2][i][j] = 0.06904f * A[t % 2][i][j] + 0.07188f * A[t % 2][i - 3][j] + 0.06931f * A[t % 2][i - 2][j]
                               + 0.07331f * A[t % 2][i - 1][j] + 0.07843f * A[t % 2][i + 1][j] + 0.06744f * A[t % 2][i + 2][j]
                               + 0.07905f * A[t % 2][i + 3][j] + 0.0624f * A[t % 2][i][j - 3] + 0.07451f * A[t % 2][i][j - 2]
                               + 0.07854f * A[t % 2][i][j - 1] + 0.08214f * A[t % 2][i][j + 1] + 0.06447f * A[t % 2][i][j + 2]
                               + 0.07946f * A[t % 2][i][j + 3];
}
