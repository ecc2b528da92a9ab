// expect: 17:22: error: a break out of the time loop
// hint: test the residual in the loop's condition and compute it every K steps in a block of its own after the sweep
/* Jacobi for the Laplace equation taking the largest change every 10 iterations and leaving the
 * loop by a break when it is small: the break skips the copy-back and the counter's increment of
 * its iteration, so the loop ends with the new values in unew alone. */
#include <math.h>
void laplace_break(int n, double tol, int max_iter, double u[n][n], double unew[n][n]) {
  double err;
  for (int iter = 0; iter < max_iter; iter++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    if (iter % 10 == 0) {
      err = 0.0;
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++) err = fmax(err, fabs(unew[i][j] - u[i][j]));
      if (err < tol) break;
    }
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) u[i][j] = unew[i][j];
  }
}
