/* j3d27pt: 3D 3x3x3 box, 27 weighted points divided by a constant (AN5D, Table 3; Rawat, Table 1) */
#define RAD 1

void j3d27pt(int n, int steps, float A[2][n][n][n]) {
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = RAD; i < n - RAD; i++)
      for (int j = RAD; j < n - RAD; j++)
        for (int k = RAD; k < n - RAD; k++)
          A[(t + 1) % 2][i][j][k] = (1.121f * A[t % 2][i - 1][j - 1][k - 1] + 0.8606f * A[t % 2][i - 1][j - 1][k]
                                     + 1.003f * A[t % 2][i - 1][j - 1][k + 1] + 0.9625f * A[t % 2][i - 1][j][k - 1]
                                     + 1.085f * A[t % 2][i - 1][j][k] + 0.8997f * A[t % 2][i - 1][j][k + 1]
                                     + 0.8784f * A[t % 2][i - 1][j + 1][k - 1] + 1.076f * A[t % 2][i - 1][j + 1][k]
                                     + 1.059f * A[t % 2][i - 1][j + 1][k + 1] + 0.8987f * A[t % 2][i][j - 1][k - 1]
                                     + 0.8511f * A[t % 2][i][j - 1][k] + 0.9875f * A[t % 2][i][j - 1][k + 1]
                                     + 1.049f * A[t % 2][i][j][k - 1] + 0.8991f * A[t % 2][i][j][k]
                                     + 0.8855f * A[t % 2][i][j][k + 1] + 1.102f * A[t % 2][i][j + 1][k - 1]
                                     + 0.8559f * A[t % 2][i][j + 1][k] + 0.8653f * A[t % 2][i][j + 1][k + 1]
                                     + 1.058f * A[t % 2][i + 1][j - 1][k - 1] + 0.9676f * A[t % 2][i + 1][j - 1][k]
                                     + 0.8872f * A[t % 2][i + 1][j - 1][k + 1] + 1.071f * A[t % 2][i + 1][j][k - 1]
                                     + 1.074f * A[t % 2][i + 1][j][k] + 0.9061f * A[t % 2][i + 1][j][k + 1]
                                     + 0.9899f * A[t % 2][i + 1][j + 1][k - 1] + 1.101f * A[t % 2][i + 1][j + 1][k]
                                     + 1.004f * A[t % 2][i + 1][j + 1][k + 1]) / 27.5f;
#pragma endscop
}
