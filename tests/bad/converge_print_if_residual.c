// expect: 20:9: error: a print in the time loop runs under a condition on the residual 'err'
// hint: in the time loop, beside the sweep, stencilc takes prints and snapshots that change nothing: if (t % 100 == 0) printf("%d %g\n", t, u[n / 2][n / 2]); or a call of a function taking the grid as const float *; compute anything else outside the time loop
/* A Jacobi solver that prints once the change falls under a threshold: the condition reads the
 * residual, which the generated programs and the library do not leave in the loop's variable
 * at every step. */
#include <math.h>
#include <stdio.h>
void relax(int n, double tol, int maxit, double u[n][n], double v[n][n]) {
  double err = 1.0;
  int it = 0;
  while (err > tol && it < maxit) {
    err = 0.0;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
        err = fmax(err, fabs(v[i][j] - u[i][j]));
      }
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) u[i][j] = v[i][j];
    if (err < 1e-2) printf("below 1e-2 at %d\n", it);
    it++;
  }
}
