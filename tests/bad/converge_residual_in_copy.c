// expect: 15:9: error: the residual is computed in the copy-back's loop nest; compute it in the sweep's loop body, or in a loop nest of its own before the copy-back
// hint: write the residual over the sweep's cells: err = 0.0; before the sweep, then in its loop body err = fmax(err, fabs(Anew[j][i] - A[j][i])); (or if (d > err) err = d;, or err += d * d; with while (sqrt(err) > tol ...)), and iterate while (err > tol && iter < iter_max)
/* The laplace2d tutorial's other layout: the largest change taken while copying back. */
#include <math.h>
void laplace(int n, int m, double tol, int iter_max, double A[n][m], double Anew[n][m]) {
  double error = 1.0;
  int iter = 0;
  while (error > tol && iter < iter_max) {
    error = 0.0;
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < m - 1; i++)
        Anew[j][i] = 0.25 * (A[j][i + 1] + A[j][i - 1] + A[j - 1][i] + A[j + 1][i]);
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < m - 1; i++) {
        error = fmax(error, fabs(Anew[j][i] - A[j][i]));
        A[j][i] = Anew[j][i];
      }
    iter++;
  }
}
