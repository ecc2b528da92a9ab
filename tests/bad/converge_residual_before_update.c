// expect: 11:9: error: the residual is computed before the update of the cell; compute it after
// hint: write the residual over the sweep's cells: err = 0.0; before the sweep, then in its loop body err = fmax(err, fabs(Anew[j][i] - A[j][i])); (or if (d > err) err = d;, or err += d * d; with while (sqrt(err) > tol ...)), and iterate while (err > tol && iter < iter_max)
/* The change taken before the cell is updated: it reads the value of the step before. */
#include <math.h>
void solve(int n, double tol, int maxit, double (*u)[n], double (*unew)[n]) {
  double err = 1.0;
  for (int it = 0; it < maxit && err > tol; it++) {
    err = 0.0;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        err = fmax(err, fabs(unew[i][j] - u[i][j]));
        unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
      }
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[i][j] = unew[i][j];
  }
}
