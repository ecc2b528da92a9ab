/* fdd5: 3D star of radius 5 (31 points) from finite-difference discretisation of the wave equation, one time step in the benchmark (Tabik) */
#define RAD 5

void fdd5(int n, int steps, float A[2][n][n][n]) {
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = RAD; i < n - RAD; i++)
      for (int j = RAD; j < n - RAD; j++)
        for (int k = RAD; k < n - RAD; k++)
          A[(t + 1) % 2][i][j][k] = 0.03227f * A[t % 2][i][j][k] + 0.03202f * A[t % 2][i - 5][j][k]
                                    - 0.02677f * A[t % 2][i - 4][j][k] + 0.02774f * A[t % 2][i - 3][j][k]
                                    - 0.02786f * A[t % 2][i - 2][j][k] + 0.03141f * A[t % 2][i - 1][j][k]
                                    + 0.03297f * A[t % 2][i + 1][j][k] - 0.03369f * A[t % 2][i + 2][j][k]
                                    + 0.03011f * A[t % 2][i + 3][j][k] - 0.02931f * A[t % 2][i + 4][j][k]
                                    + 0.03184f * A[t % 2][i + 5][j][k] + 0.0297f * A[t % 2][i][j - 5][k]
                                    - 0.03064f * A[t % 2][i][j - 4][k] + 0.02651f * A[t % 2][i][j - 3][k]
                                    - 0.03013f * A[t % 2][i][j - 2][k] + 0.02789f * A[t % 2][i][j - 1][k]
                                    + 0.03472f * A[t % 2][i][j + 1][k] - 0.02857f * A[t % 2][i][j + 2][k]
                                    + 0.03493f * A[t % 2][i][j + 3][k] - 0.03189f * A[t % 2][i][j + 4][k]
                                    + 0.02854f * A[t % 2][i][j + 5][k] + 0.03389f * A[t % 2][i][j][k - 5]
                                    - 0.03382f * A[t % 2][i][j][k - 4] + 0.0348f * A[t % 2][i][j][k - 3]
                                    - 0.02757f * A[t % 2][i][j][k - 2] + 0.03406f * A[t % 2][i][j][k - 1]
                                    + 0.02863f * A[t % 2][i][j][k + 1] - 0.02916f * A[t % 2][i][j][k + 2]
                                    + 0.02726f * A[t % 2][i][j][k + 3] - 0.0319f * A[t % 2][i][j][k + 4]
                                    + 0.02938f * A[t % 2][i][j][k + 5];
#pragma endscop
}
