/* box2d2r: 2D box stencil of radius 2, (2x+1)^2 weighted points (AN5D, Table 3) */
#define RAD 2

void box2d2r(int n, int steps, float A[2][n][n]) {
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = RAD; i < n - RAD; i++)
      for (int j = RAD; j < n - RAD; j++)
        A[(t + 1) % 2][i][j] = 0.03466f * A[t % 2][i - 2][j - 2] + 0.03739f * A[t % 2][i - 2][j - 1] + 0.03277f * A[t % 2][i - 2][j]
                               + 0.0397f * A[t % 2][i - 2][j + 1] + 0.03671f * A[t % 2][i - 2][j + 2] + 0.03414f * A[t % 2][i - 1][j - 2]
                               + 0.03649f * A[t % 2][i - 1][j - 1] + 0.04387f * A[t % 2][i - 1][j] + 0.04252f * A[t % 2][i - 1][j + 1]
                               + 0.03698f * A[t % 2][i - 1][j + 2] + 0.04164f * A[t % 2][i][j - 2] + 0.03822f * A[t % 2][i][j - 1]
                               + 0.03365f * A[t % 2][i][j] + 0.04188f * A[t % 2][i][j + 1] + 0.04262f * A[t % 2][i][j + 2]
                               + 0.03875f * A[t % 2][i + 1][j - 2] + 0.03809f * A[t % 2][i + 1][j - 1] + 0.04124f * A[t % 2][i + 1][j]
                               + 0.04274f * A[t % 2][i + 1][j + 1] + 0.03582f * A[t % 2][i + 1][j + 2] + 0.03749f * A[t % 2][i + 2][j - 2]
                               + 0.03598f * A[t % 2][i + 2][j - 1] + 0.04181f * A[t % 2][i + 2][j] + 0.03456f * A[t % 2][i + 2][j + 1]
                               + 0.04027f * A[t % 2][i + 2][j + 2];
#pragma endscop
}
