// expect: 10:5: error: statement before the sweep in the time loop
// hint: keep only declarations before the sweep
/* A textbook Jacobi solver for -lap(u) = f that resets and accumulates its residual inside the
 * time loop: the sweep is a stencil, the residual is a reduction over the cells, which stencilc
 * does not generate; the message points at the reset and says where the residual goes. */
#include <math.h>
double jacobi(int n, int maxit, double *u, double *unew, const double *f, double h2) {
  double err = 0.0;
  for (int it = 0; it < maxit; it++) {
    err = 0.0;
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
