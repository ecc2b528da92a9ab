// expect: 21:5: error: stencilc rewrite does not replace this convergence loop on 'change': a statement in the loop runs between its iterations (a print), and the loop has no cap to run them up to
// hint: keep the loop in your code for this form (stencilc check verifies it), or write the sweep, the residual and a copy-back nest or a pointer swap alone in the loop, and print after it
/* Jacobi relaxation of a rod until it settles, with no iteration cap, printing the middle of the
 * rod every 1000 sweeps: the library would run the sweeps between the prints in chunks up to a
 * cap the loop does not have. */
#include <math.h>
#include <stdio.h>

long relax_rod(int n, double tol, double *x, double *xn) {
  double change = 1.0;
  long sweeps = 0;
  while (change > tol) {
    change = 0.0;
    for (int i = 1; i < n - 1; i++) {
      xn[i] = 0.5 * (x[i - 1] + x[i + 1]);
      change = fmax(change, fabs(xn[i] - x[i]));
    }
    double *t = x;
    x = xn;
    xn = t;
    if (sweeps % 1000 == 0)
    printf("%ld: %g\n", sweeps, x[n / 2]);
    sweeps++;
  }
  return sweeps;
}
