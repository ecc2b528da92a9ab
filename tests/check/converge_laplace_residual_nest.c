/* Jacobi for the Laplace equation, the largest change taken in a loop nest of its own between
 * the sweep and the copy-back, as the textbook solver separates the three phases. */
#include <math.h>
#define MAX(a, b) ((a) > (b) ? (a) : (b))
void laplace_phases(int nx, int ny, double tol, int max_iter, double u[ny][nx], double unew[ny][nx], int *iters) {
  int iter = 0;
  double diff = 1.0;
  while (iter < max_iter && diff > tol) {
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        unew[j][i] = 0.25 * (u[j][i - 1] + u[j][i + 1] + u[j - 1][i] + u[j + 1][i]);
    diff = 0.0;
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        diff = MAX(diff, fabs(unew[j][i] - u[j][i]));
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        u[j][i] = unew[j][i];
    iter++;
  }
  *iters = iter;
}
