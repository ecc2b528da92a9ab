/* Heat flow with a conductivity per cell, arrays declared with their ghost cells
 * (double a[ny + 2][nx + 2]), the interior swept 1..ny by 1..nx with <=, the new values copied
 * back each step; r = dt / h^2 is a parameter. */
void heat2d_var(int nx, int ny, int nt, double r, double a[ny + 2][nx + 2],
                double b[ny + 2][nx + 2], const double k[ny + 2][nx + 2]) {
  int i, j, t;
  for (t = 0; t < nt; t++) {
    for (i = 1; i <= ny; i++)
      for (j = 1; j <= nx; j++)
        b[i][j] = a[i][j] + r * k[i][j] * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] +
                                           a[i][j + 1] - 4.0 * a[i][j]);
    for (i = 1; i <= ny; i++)
      for (j = 1; j <= nx; j++)
        a[i][j] = b[i][j];
  }
}
