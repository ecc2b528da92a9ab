// expect: {"dims": 2, "dtype": "double", "extents": ["n", "n"], "radius": [1, 1], "shape": "star", "npoints": 4, "coefs": {"-1,0": 0.25, "1,0": 0.25, "0,1": 0.25, "0,-1": 0.25}, "time_form": "time levels"}
// check: -s 31 -t 5
/* The levels of u[2][n][n] named by two int indices that change places after each sweep through
 * a temporary, as the pointers of a swap would: int old = 0, nu = 1; ... int tmp = old; old =
 * nu; nu = tmp;. */
void heat(int n, int nt, double u[2][n][n]) {
  int old = 0, nu = 1;
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[nu][i][j] = 0.25 * (u[old][i - 1][j] + u[old][i + 1][j] + u[old][i][j - 1] + u[old][i][j + 1]);
    int tmp = old;
    old = nu;
    nu = tmp;
  }
}
