/* Jacobi for the Poisson equation -lap(u) = f on a flat grid, the two arrays swapped through
 * pointers; the largest change tested with an if, as textbook solvers write it. */
#include <math.h>
#define IDX(i, j) ((i) * (nx) + (j))
int poisson_jacobi(int ny, int nx, double tol, int max_iter, double *u, double *unew) {
  double diff = tol + 1.0;
  int it = 0;
  while (diff > tol && it < max_iter) {
    diff = 0.0;
    for (int i = 1; i < ny - 1; i++)
      for (int j = 1; j < nx - 1; j++) {
        unew[IDX(i, j)] = 0.25 * (u[IDX(i - 1, j)] + u[IDX(i + 1, j)] + u[IDX(i, j - 1)] +
                                  u[IDX(i, j + 1)]);
        double d = fabs(unew[IDX(i, j)] - u[IDX(i, j)]);
        if (d > diff) diff = d;
      }
    double *tmp = u;
    u = unew;
    unew = tmp;
    it++;
  }
  return it;
}
