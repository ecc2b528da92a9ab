// expect: 14:25: error: a block run every 50 steps should hold the residual's reset and its loop nest alone
// hint: compute the residual every K steps as a block of its own right after the sweep
/* The residual every 50 iterations, printed in the same block as it is computed: the block does
 * more than the residual. */
#include <math.h>
#include <stdio.h>
void laplace_log(int n, double tol, int max_iter, double u[n][n], double unew[n][n]) {
  double err = 1.0;
  int iter = 0;
  while (err > tol && iter < max_iter) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    if (iter % 50 == 0) {
      err = 0.0;
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++) err = fmax(err, fabs(unew[i][j] - u[i][j]));
      printf("%d %g\n", iter, err);
    }
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) u[i][j] = unew[i][j];
    iter++;
  }
}
