/* star2d1r: 2D star stencil of radius 1, one coefficient per point (AN5D, Table 3) */
#define RAD 1

void star2d1r(int n, int steps, float A[2][n][n]) {
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = RAD; i < n - RAD; i++)
      for (int j = RAD; j < n - RAD; j++)
        A[(t + 1) % 2][i][j] = 0.1671f * A[t % 2][i][j] + 0.1897f * A[t % 2][i - 1][j] + 0.1661f * A[t % 2][i + 1][j]
                               + 0.2133f * A[t % 2][i][j - 1] + 0.2138f * A[t % 2][i][j + 1];
#pragma endscop
}
