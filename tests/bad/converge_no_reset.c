// expect: 8:10: error: the residual 'diff' is not set to 0 at the start of each iteration
// hint: write the residual over the sweep's cells: err = 0.0; before the sweep, then in its loop body err = fmax(err, fabs(Anew[j][i] - A[j][i])); (or if (d > err) err = d;, or err += d * d; with while (sqrt(err) > tol ...)), and iterate while (err > tol && iter < iter_max)
/* The residual is never reset: it keeps the first sweep's largest change. */
#include <math.h>
void smooth(int n, double tol, int maxit, double *x, double *y) {
  double diff = 1.0;
  int k = 0;
  while (diff > tol && k < maxit) {
    for (int i = 1; i < n - 1; i++) {
      y[i] = (x[i - 1] + x[i] + x[i + 1]) / 3.0;
      diff = fmax(diff, fabs(y[i] - x[i]));
    }
    double *t = x;
    x = y;
    y = t;
    k++;
  }
}
