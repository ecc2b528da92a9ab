/* j3d7pt: 3D 7-point Jacobi, axis-0 neighbours share a coefficient (Rawat, Table 1) */
#define C0 0.2113f
#define C1 0.1302f
#define C2 0.1391f
#define C3 0.1207f
#define C4 0.1456f
#define C5 0.1129f

void j3d7pt(int n, int steps, float A[2][n][n][n]) {
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[(t + 1) % 2][i][j][k] = C0 * A[t % 2][i][j][k] + C1 * (A[t % 2][i - 1][j][k] + A[t % 2][i + 1][j][k])
                                    + C2 * A[t % 2][i][j - 1][k] + C3 * A[t % 2][i][j + 1][k]
                                    + C4 * A[t % 2][i][j][k - 1] + C5 * A[t % 2][i][j][k + 1];
#pragma endscop
}
