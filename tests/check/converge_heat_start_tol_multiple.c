/* Steady heat along a rod: the change starts at ten times the tolerance (double err = 10.0 *
 * tol;), then the largest change of every sweep, which writes the new temperatures back in place
 * of the old ones. */
#include <math.h>
int rod_steady(int n, double tol, int maxit, double *t, double *tn) {
  double err = 10.0 * tol;
  int sweeps = 0;
  while (err > tol && sweeps < maxit) {
    err = 0.0;
    for (int i = 1; i < n - 1; i++) {
      tn[i] = 0.5 * (t[i - 1] + t[i + 1]);
      err = fmax(err, fabs(tn[i] - t[i]));
    }
    for (int i = 1; i < n - 1; i++) t[i] = tn[i];
    sweeps++;
  }
  return sweeps;
}
