/* j2d9pt: 2D 9-point star of radius 2, weighted and divided by a constant (AN5D, Table 3; Rawat, Table 1) */

void j2d9pt(int n, int steps, float A[2][n][n]) {
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 2; i < n - 2; i++)
      for (int j = 2; j < n - 2; j++)
        A[(t+1)%2][i][j] = (1.064f * A[t%2][i][j] + 1.084f * A[t%2][i-2][j] + 0.9646f * A[t%2][i-1][j]
                            + 1.021f * A[t%2][i+1][j] + 1.166f * A[t%2][i+2][j] + 0.9977f * A[t%2][i][j-2]
                            + 0.9339f * A[t%2][i][j-1] + 1.068f * A[t%2][i][j+1] + 0.9158f * A[t%2][i][j+2]) / 9.5f;
#pragma endscop
}
