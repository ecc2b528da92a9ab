/* Jacobi with the L2 norm of the change: the sum of squares over the cells, its root tested. */
#include <math.h>
void jacobi_l2(int n, double tol, int maxit, double (*u)[n], double (*unew)[n]) {
  double norm = 1.0;
  int iter = 0;
  while (sqrt(norm) > tol && iter < maxit) {
    norm = 0.0;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
        double d = unew[i][j] - u[i][j];
        norm += d * d;
      }
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[i][j] = unew[i][j];
    iter++;
  }
}
