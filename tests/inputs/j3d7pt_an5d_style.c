// expect: {"dims": 3, "dtype": "float", "extents": ["n", "n", "n"], "radius": [1, 1, 1], "shape": "star", "npoints": 7, "coefs": {"-1,0,0": 0.1, "0,0,0": 0.25, "1,0,0": 0.125}, "time_form": "time levels"}
/* A benchmark-suite 7-point 3D Jacobi with distinct weights per neighbour (AN5D-style). */
void j3d7pt(int n, int timestep, float A[2][n][n][n]) {
  for (int t = 0; t < timestep; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[(t + 1) % 2][i][j][k] = 0.1f * A[t % 2][i - 1][j][k] + 0.11f * A[t % 2][i][j - 1][k] + 0.12f * A[t % 2][i][j][k - 1]
                                  + 0.25f * A[t % 2][i][j][k]
                                  + 0.13f * A[t % 2][i][j][k + 1] + 0.14f * A[t % 2][i][j + 1][k] + 0.125f * A[t % 2][i + 1][j][k];
}
