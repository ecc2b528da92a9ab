/* star3d1r: 3D star stencil of radius 1, one coefficient per point (AN5D, Table 3) */
#define RAD 1

void star3d1r(int n, int steps, float A[2][n][n][n]) {
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = RAD; i < n - RAD; i++)
      for (int j = RAD; j < n - RAD; j++)
        for (int k = RAD; k < n - RAD; k++)
          A[(t + 1) % 2][i][j][k] = 0.1212f * A[t % 2][i][j][k] + 0.1327f * A[t % 2][i - 1][j][k]
                                    + 0.1245f * A[t % 2][i + 1][j][k] + 0.1441f * A[t % 2][i][j - 1][k]
                                    + 0.1466f * A[t % 2][i][j + 1][k] + 0.1403f * A[t % 2][i][j][k - 1]
                                    + 0.1406f * A[t % 2][i][j][k + 1];
#pragma endscop
}
