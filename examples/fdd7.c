/* fdd7: 3D star of radius 7 (43 points) from finite-difference discretisation of the wave equation, one time step in the benchmark (Tabik) */
#define RAD 7

void fdd7(int n, int steps, float *buf) {
  float (*A)[n][n][n] = (float (*)[n][n][n])buf;
  for (int t = 0; t < steps; t++) {
    for (int i = RAD; i < n - RAD; i++) {
      for (int j = RAD; j < n - RAD; j++) {
        for (int k = RAD; k < n - RAD; k++) {
          A[(t + 1) % 2][i][j][k] = 0.01946f * A[t % 2][i][j][k] + 0.0238f * A[t % 2][i - 7][j][k]
                                    - 0.02409f * A[t % 2][i - 6][j][k] + 0.02186f * A[t % 2][i - 5][j][k]
                                    - 0.02074f * A[t % 2][i - 4][j][k] + 0.02051f * A[t % 2][i - 3][j][k]
                                    - 0.02083f * A[t % 2][i - 2][j][k] + 0.02518f * A[t % 2][i - 1][j][k]
                                    + 0.01941f * A[t % 2][i + 1][j][k] - 0.0244f * A[t % 2][i + 2][j][k]
                                    + 0.02301f * A[t % 2][i + 3][j][k] - 0.02495f * A[t % 2][i + 4][j][k]
                                    + 0.02293f * A[t % 2][i + 5][j][k] - 0.02174f * A[t % 2][i + 6][j][k]
                                    + 0.02363f * A[t % 2][i + 7][j][k] + 0.02034f * A[t % 2][i][j - 7][k]
                                    - 0.02031f * A[t % 2][i][j - 6][k] + 0.02148f * A[t % 2][i][j - 5][k]
                                    - 0.02127f * A[t % 2][i][j - 4][k] + 0.01895f * A[t % 2][i][j - 3][k]
                                    - 0.02387f * A[t % 2][i][j - 2][k] + 0.02104f * A[t % 2][i][j - 1][k]
                                    + 0.02481f * A[t % 2][i][j + 1][k] - 0.02314f * A[t % 2][i][j + 2][k]
                                    + 0.02149f * A[t % 2][i][j + 3][k] - 0.01965f * A[t % 2][i][j + 4][k]
                                    + 0.01908f * A[t % 2][i][j + 5][k] - 0.02167f * A[t % 2][i][j + 6][k]
                                    + 0.02072f * A[t % 2][i][j + 7][k] + 0.01997f * A[t % 2][i][j][k - 7]
                                    - 0.02544f * A[t % 2][i][j][k - 6] + 0.02289f * A[t % 2][i][j][k - 5]
                                    - 0.0227f * A[t % 2][i][j][k - 4] + 0.01927f * A[t % 2][i][j][k - 3]
                                    - 0.02436f * A[t % 2][i][j][k - 2] + 0.02122f * A[t % 2][i][j][k - 1]
                                    + 0.02327f * A[t % 2][i][j][k + 1] - 0.02157f * A[t % 2][i][j][k + 2]
                                    + 0.01971f * A[t % 2][i][j][k + 3] - 0.02537f * A[t % 2][i][j][k + 4]
                                    + 0.02424f * A[t % 2][i][j][k + 5] - 0.02096f * A[t % 2][i][j][k + 6]
                                    + 0.02465f * A[t % 2][i][j][k + 7];
        }
      }
    }
  }
}
