/* Numerical Recipes-style matrices: double ** with a row pointer per row. */
void jacobi(int n, int nt, double **u, double **v) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    double **tmp = u; u = v; v = tmp;
  }
}
