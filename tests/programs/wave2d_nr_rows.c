/* The 2D wave equation on Numerical Recipes-style matrices (double **, a row pointer per row):
 * three time levels rotated by pointer after each step, a velocity-squared grid c2 read
 * through its own row pointers, dt^2 / h^2 a run-time scalar. */
void wave2d(int nx, int ny, int nt, double r2, double **c2, double **uold, double **u,
            double **unew) {
  for (int n = 0; n < nt; n++) {
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        unew[i][j] = 2.0 * u[i][j] - uold[i][j] +
                     r2 * c2[i][j] * (u[i + 1][j] + u[i - 1][j] + u[i][j + 1] + u[i][j - 1] -
                                      4.0 * u[i][j]);
    double **tmp = uold;
    uold = u;
    u = unew;
    unew = tmp;
  }
}
