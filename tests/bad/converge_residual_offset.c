// expect: 13:9: error: this residual is not the largest |unew - u| or the sum of their squares over the sweep's cells
// hint: write the residual over the sweep's cells: err = 0.0; before the sweep, then in its loop body err = fmax(err, fabs(Anew[j][i] - A[j][i])); (or if (d > err) err = d;, or err += d * d; with while (sqrt(err) > tol ...)), and iterate while (err > tol && iter < iter_max)
/* The change measured against a neighbour, not the cell's old value: no residual of the sweep. */
#include <math.h>
void solve(int n, double tol, int maxit, double (*u)[n], double (*unew)[n]) {
  double err = 1.0;
  int it = 0;
  while (err > tol && it < maxit) {
    err = 0.0;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
        err = fmax(err, fabs(unew[i][j] - u[i][j + 1]));
      }
    double (*t)[n] = u;
    u = unew;
    unew = t;
    it++;
  }
}
