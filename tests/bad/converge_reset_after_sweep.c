// expect: 13:5: error: the residual 'err' is reset after the sweep that computes it
// hint: write the residual over the sweep's cells: err = 0.0; before the sweep, then in its loop body err = fmax(err, fabs(Anew[j][i] - A[j][i])); (or if (d > err) err = d;, or err += d * d; with while (sqrt(err) > tol ...)), and iterate while (err > tol && iter < iter_max)
/* The residual computed in the sweep, then reset: the loop would test 0. */
#include <math.h>
void solve(int n, double tol, int maxit, double *x, double *y) {
  double err = 1.0;
  int k = 0;
  while (err > tol && k < maxit) {
    for (int i = 1; i < n - 1; i++) {
      y[i] = 0.5 * (x[i - 1] + x[i + 1]);
      err = fmax(err, fabs(y[i] - x[i]));
    }
    err = 0.0;
    double *t = x;
    x = y;
    y = t;
    k++;
  }
}
