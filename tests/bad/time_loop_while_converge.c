// expect: 11:5: error: the residual 'diff' is computed outside the sweep's loop body
// hint: write the residual over the sweep's cells: err = 0.0; before the sweep, then in its loop body err = fmax(err, fabs(Anew[j][i] - A[j][i])); (or if (d > err) err = d;, or err += d * d; with while (sqrt(err) > tol ...)), and iterate while (err > tol && iter < iter_max)
/* Jacobi iterated until it converges, the change measured at one cell after the sweep: no
 * residual over the sweep's cells. */
#include <math.h>
void solve(int n, double tol, double *u, double *un) {
  double diff = 2 * tol;
  while (diff > tol) {
    for (int i = 1; i < n - 1; i++)
      un[i] = 0.5 * (u[i - 1] + u[i + 1]);
    diff = fabs(un[n / 2] - u[n / 2]);
    double *tmp = u;
    u = un;
    un = tmp;
  }
}
