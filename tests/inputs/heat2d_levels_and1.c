// expect: {"dims": 2, "dtype": "float", "extents": ["n", "n"], "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.6, "-1,0": 0.1, "1,0": 0.1, "0,-1": 0.1, "0,1": 0.1}, "time_form": "time levels"}
/* Two time levels in one array, the level picked with & 1 (the parity written as a bit mask). */
void heat2d(int n, int nt, float A[2][n][n])
{
  for (int t = 0; t < nt; ++t)
    for (int i = 1; i < n - 1; ++i)
      for (int j = 1; j < n - 1; ++j)
        A[(t + 1) & 1][i][j] = A[t & 1][i][j] + 0.1f * (A[t & 1][i - 1][j] + A[t & 1][i + 1][j] +
                               A[t & 1][i][j - 1] + A[t & 1][i][j + 1] - 4.0f * A[t & 1][i][j]);
}
