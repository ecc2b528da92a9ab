/* Jacobi for the Poisson equation on a flat grid, the arrays swapped through pointers, counted
 * from 1 in a for loop that tests the L2 norm of the change, which it computes on every fifth
 * sweep only: ((it + 1) % 5 == 0, the iterations 4, 9, 14, ...). The norm starts above any
 * tolerance, as 2 tol + 1. */
#include <math.h>
#define IDX(i, j) ((i) * (nx) + (j))
int poisson_l2_every(int ny, int nx, double tol, int maxit, double *u, double *unew) {
  double norm = 2.0 * tol + 1.0;
  int it;
  for (it = 1; it <= maxit && sqrt(norm) > tol; it++) {
    for (int i = 1; i < ny - 1; i++)
      for (int j = 1; j < nx - 1; j++)
        unew[IDX(i, j)] = 0.25 * (u[IDX(i - 1, j)] + u[IDX(i + 1, j)] + u[IDX(i, j - 1)] +
                                  u[IDX(i, j + 1)]);
    if ((it + 1) % 5 == 0) {
      norm = 0.0;
      for (int i = 1; i < ny - 1; i++)
        for (int j = 1; j < nx - 1; j++) {
          double d = unew[IDX(i, j)] - u[IDX(i, j)];
          norm += d * d;
        }
    }
    double *tmp = u;
    u = unew;
    unew = tmp;
  }
  return it;
}
