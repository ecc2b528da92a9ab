// expect: {"dims": 3, "extents": ["n", "n", "n"], "radius": [1, 1, 1], "shape": "star", "npoints": 7, "coefs": {"0,0,0": 0.4, "0,0,1": 0.1, "-1,0,0": 0.1}, "time_form": "copy-back"}
/* 3D heat with the result copied back into the first array. */
void heat3d(int n, int nt, float u[n][n][n], float un[n][n][n]) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          un[i][j][k] = 0.4f * u[i][j][k] + 0.1f * (u[i - 1][j][k] + u[i + 1][j][k] + u[i][j - 1][k] + u[i][j + 1][k] + u[i][j][k - 1] + u[i][j][k + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          u[i][j][k] = un[i][j][k];
  }
}
