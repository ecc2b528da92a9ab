/* j2d9pt-gol: 2D 3x3 box (Game-of-Life shape), weighted and divided by a constant (AN5D, Table 3; Rawat, Table 1) */
#define RAD 1

void j2d9pt_gol(int n, int steps, float *buf) {
  float (*A)[n][n] = (float (*)[n][n])buf;
  for (int t = 0; t < steps; t++)
    for (int i = RAD; i < n - RAD; i++)
      for (int j = RAD; j < n - RAD; j++)
        A[(t + 1) % 2][i][j] = (1.343f * A[t % 2][i - 1][j - 1] + 1.231f * A[t % 2][i - 1][j] + 1.202f * A[t % 2][i - 1][j + 1]
                                + 1.359f * A[t % 2][i][j - 1] + 1.321f * A[t % 2][i][j] + 1.244f * A[t % 2][i][j + 1]
                                + 1.165f * A[t % 2][i + 1][j - 1] + 1.371f * A[t % 2][i + 1][j] + 1.284f * A[t % 2][i + 1][j + 1]) / 12.0f;
}
