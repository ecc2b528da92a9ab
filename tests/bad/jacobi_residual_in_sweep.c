// expect: 13:9: error: several statements in a loop body
// hint: a single stencil assigns one cell per iteration
/* The same solver with its residual reset outside the time loop: the reduction inside the cell
 * body is what is refused now, with where to compute it instead. */
#include <math.h>
double jacobi(int n, int maxit, double *u, double *unew, const double *f, double h2) {
  double err = 0.0;
  for (int it = 0; it < maxit; it++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        unew[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] +
                                  u[i * n + j + 1] + h2 * f[i * n + j]);
        err = fmax(err, fabs(unew[i * n + j] - u[i * n + j]));
      }
    double *tmp = u;
    u = unew;
    unew = tmp;
  }
  return err;
}
