/* gaussian2d: 2D 5x5 Gaussian-like box, 25 weighted points divided by a constant (Rawat, Table 1) */
#define RAD 2

void gaussian2d(int n, int steps, float A[2][n][n]) {
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = RAD; i < n - RAD; i++) {
      for (int j = RAD; j < n - RAD; j++) {
        A[(t + 1) % 2][i][j] = (1.068f * A[t % 2][i - 2][j - 2] + 0.9253f * A[t % 2][i - 2][j - 1] + 1.047f * A[t % 2][i - 2][j]
                                + 0.8562f * A[t % 2][i - 2][j + 1] + 1.104f * A[t % 2][i - 2][j + 2] + 1.021f * A[t % 2][i - 1][j - 2]
                                + 1.059f * A[t % 2][i - 1][j - 1] + 0.9384f * A[t % 2][i - 1][j] + 0.9225f * A[t % 2][i - 1][j + 1]
                                + 1.028f * A[t % 2][i - 1][j + 2] + 0.8763f * A[t % 2][i][j - 2] + 0.8701f * A[t % 2][i][j - 1]
                                + 1.035f * A[t % 2][i][j] + 0.8486f * A[t % 2][i][j + 1] + 0.8661f * A[t % 2][i][j + 2]
                                + 1.066f * A[t % 2][i + 1][j - 2] + 0.9186f * A[t % 2][i + 1][j - 1] + 0.8803f * A[t % 2][i + 1][j]
                                + 0.8285f * A[t % 2][i + 1][j + 1] + 1.1f * A[t % 2][i + 1][j + 2] + 1.012f * A[t % 2][i + 2][j - 2]
                                + 0.961f * A[t % 2][i + 2][j - 1] + 0.9299f * A[t % 2][i + 2][j] + 1.031f * A[t % 2][i + 2][j + 1]
                                + 1.058f * A[t % 2][i + 2][j + 2]) / 25.0f;
      }
    }
  }
#pragma endscop
}
