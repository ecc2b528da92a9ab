/* A 3D Laplace solver: a for loop that counts iterations and tests the residual, the seven
 * point update and the largest change through fmax, the arrays swapped. */
#include <math.h>
void laplace3d(int nz, int ny, int nx, double tol, int itmax, double (*a)[ny][nx],
               double (*b)[ny][nx], int *iters) {
  double res = 1.0e30;
  int it;
  for (it = 0; it < itmax && res > tol; it++) {
    res = 0.0;
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++) {
          b[k][j][i] = (a[k - 1][j][i] + a[k + 1][j][i] + a[k][j - 1][i] + a[k][j + 1][i] +
                        a[k][j][i - 1] + a[k][j][i + 1]) / 6.0;
          res = fmax(res, fabs(b[k][j][i] - a[k][j][i]));
        }
    double (*t)[ny][nx] = a;
    a = b;
    b = t;
  }
  *iters = it;
}
