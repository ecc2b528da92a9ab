// expect: 18:23: error: the counter of a convergence loop is stepped in its condition
// hint: count the iterations at the end of the body: do { ...; iter++; } while (err > tol && iter < iter_max);
/* The counter stepped in the condition after the residual's test: it counts only the
 * iterations the residual did not stop. */
#include <math.h>
void relax(int n, double tol, int maxit, double *x, double *y) {
  double r;
  int k = 0;
  do {
    r = 0.0;
    for (int i = 1; i < n - 1; i++) {
      y[i] = 0.5 * (x[i - 1] + x[i + 1]);
      r = fmax(r, fabs(y[i] - x[i]));
    }
    double *t = x;
    x = y;
    y = t;
  } while (r > tol && ++k < maxit);
}
