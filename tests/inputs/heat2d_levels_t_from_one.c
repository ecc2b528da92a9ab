// expect: {"dims": 2, "dtype": "double", "extents": ["n", "n"], "steps": "nt", "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.6, "-1,0": 0.1, "1,0": 0.1, "0,-1": 0.1, "0,1": 0.1}, "time_form": "time levels"}
/* Two time levels of one array with the step counter from 1 to nt: u[t % 2] written from
 * u[(t - 1) % 2], as textbooks index the new level by the step it holds. */
void heat2d(int n, int nt, double u[2][n][n])
{
  for (int t = 1; t <= nt; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[t % 2][i][j] = u[(t - 1) % 2][i][j] + 0.1 * (u[(t - 1) % 2][i - 1][j] + u[(t - 1) % 2][i + 1][j] + u[(t - 1) % 2][i][j - 1] + u[(t - 1) % 2][i][j + 1] - 4 * u[(t - 1) % 2][i][j]);
}
