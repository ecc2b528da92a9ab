// expect: {"dims": 2, "dtype": "double", "extents": ["n", "n"], "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.6, "-1,0": 0.1, "0,1": 0.1}, "time_form": "time levels"}
// check: -s 27 -t 6
/* The level index a local of the function, toggled after the sweep (cur ^= 1), starting at 1:
 * the first step reads u[1] and writes u[0]. */
void relax(int n, int nt, double u[2][n][n]) {
  int cur = 1;
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[cur ^ 1][i][j] = 0.6 * u[cur][i][j] +
                           0.1 * (u[cur][i - 1][j] + u[cur][i + 1][j] + u[cur][i][j - 1] + u[cur][i][j + 1]);
    cur ^= 1;
  }
}
