/* Jacobi relaxation of a 1D rod with fixed ends until it settles: no iteration cap, the
 * tolerance a macro, the counter returned. */
#include <math.h>
#define TOL 1.0e-4
long relax_rod(int n, double *x, double *xn) {
  double change = 1.0;
  long sweeps = 0;
  while (change > TOL) {
    change = 0.0;
    for (int i = 1; i < n - 1; i++) {
      xn[i] = 0.5 * (x[i - 1] + x[i + 1]);
      change = fmax(change, fabs(xn[i] - x[i]));
    }
    double *t = x;
    x = xn;
    xn = t;
    sweeps++;
  }
  return sweeps;
}
