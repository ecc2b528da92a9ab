/* star3d3r: 3D star stencil of radius 3, one coefficient per point (AN5D, Table 3) */
#define RAD 3

void star3d3r(int n, int steps, float *buf) {
  float (*A)[n][n][n] = (float (*)[n][n][n])buf;
  for (int t = 0; t < steps; t++)
    for (int i = RAD; i < n - RAD; i++)
      for (int j = RAD; j < n - RAD; j++)
        for (int k = RAD; k < n - RAD; k++)
          A[(t + 1) % 2][i][j][k] = 0.05664f * A[t % 2][i][j][k] + 0.04452f * A[t % 2][i - 3][j][k]
                                    + 0.05416f * A[t % 2][i - 2][j][k] + 0.0481f * A[t % 2][i - 1][j][k]
                                    + 0.05368f * A[t % 2][i + 1][j][k] + 0.0489f * A[t % 2][i + 2][j][k]
                                    + 0.05644f * A[t % 2][i + 3][j][k] + 0.0535f * A[t % 2][i][j - 3][k]
                                    + 0.05434f * A[t % 2][i][j - 2][k] + 0.05096f * A[t % 2][i][j - 1][k]
                                    + 0.05503f * A[t % 2][i][j + 1][k] + 0.04846f * A[t % 2][i][j + 2][k]
                                    + 0.05176f * A[t % 2][i][j + 3][k] + 0.04526f * A[t % 2][i][j][k - 3]
                                    + 0.04869f * A[t % 2][i][j][k - 2] + 0.04631f * A[t % 2][i][j][k - 1]
                                    + 0.046f * A[t % 2][i][j][k + 1] + 0.04477f * A[t % 2][i][j][k + 2]
                                    + 0.04247f * A[t % 2][i][j][k + 3];
}
