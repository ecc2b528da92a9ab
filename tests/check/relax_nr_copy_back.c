/* Numerical Recipes' matrices (dmatrix: a row pointer per row) relaxed with a 9-point average,
 * the interior copied back row by row into the old matrix. */
void relax(double **a, double **b, int n, int m, int iters) {
  int i, j, k;
  for (k = 0; k < iters; k++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < m - 1; j++)
        b[i][j] = (4.0 * a[i][j] + 2.0 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]) +
                   a[i - 1][j - 1] + a[i - 1][j + 1] + a[i + 1][j - 1] + a[i + 1][j + 1]) / 16.0;
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < m - 1; j++) a[i][j] = b[i][j];
  }
}
