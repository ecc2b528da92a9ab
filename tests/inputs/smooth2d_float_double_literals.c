// expect: {"dims": 2, "dtype": "float", "extents": ["n", "n"], "radius": [1, 1], "npoints": 5, "coefs": {"-1,0": 0.1, "0,1": 0.1}, "time_form": "copy-back"}
/* A float grid updated with double literals (no f suffix): C computes in double and rounds
 * once on the store. Mixed with an f-suffixed centre weight. */
void smooth_f(int n, int steps, float u[n][n], float v[n][n])
{
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        v[i][j] = 0.6f * u[i][j] + 0.1 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[i][j] = v[i][j];
  }
}
