// expect: {"dims": 2, "extents": ["n", "n"], "radius": [2, 2], "shape": "star", "npoints": 9, "coefs": {"0,0": 0.5, "-2,0": 0.0625, "2,0": 0.0625, "0,-2": 0.0625, "0,2": 0.0625, "-1,0": 0.0625}, "time_form": "time levels"}
/* Two kernels with loops; #pragma scop marks the one to compile. */
void smooth_other(int n, int steps, float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = 0.5f * (A[t % 2][i][j - 1] + A[t % 2][i][j + 1]);
}
void star2(int n, int steps, float A[2][n][n]) {
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 2; i < n - 2; i++)
      for (int j = 2; j < n - 2; j++)
        A[(t + 1) % 2][i][j] = 0.5f * A[t % 2][i][j] +
            0.0625f * (A[t % 2][i - 2][j] + A[t % 2][i - 1][j] + A[t % 2][i + 1][j] + A[t % 2][i + 2][j] +
                       A[t % 2][i][j - 2] + A[t % 2][i][j - 1] + A[t % 2][i][j + 1] + A[t % 2][i][j + 2]);
#pragma endscop
}
