// expect: 11:1: error: the library sums the squares of the residual 'norm' in double, where the loop over float grids may round each square or sum to float: its iteration count and residual could differ
// hint: hold the grids in double, or test the largest change (err = fmax(err, fabs(new - old))), which is the same in any precision
/* Jacobi on float grids with the L2 norm of the change summed in float: each square and each
 * partial sum rounds to float, which the library's double sum does not (the program printing
 * the norm would print another value). */
#include <math.h>

int jacobi(int n, float tol, int maxit, float (*u)[n], float (*unew)[n]) {
  float norm = 1.0f;
  int iter = 0;
  while (sqrtf(norm) > tol && iter < maxit) {
    norm = 0.0f;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        unew[i][j] = 0.25f * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
        float d = unew[i][j] - u[i][j];
        norm += d * d;
      }
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[i][j] = unew[i][j];
    iter++;
  }
  return iter;
}
