/* A 3D Laplace solver: a for loop that counts the iterations and tests the residual in its
 * condition (it < itmax && res > tol), the seven-point average and fmax, the arrays swapped
 * through pointers of the grid's row type; the counter is declared before the loop and read
 * after it.
 * stencilc: --function laplace3d
 * target: cpu
 * compare: exact
 * run: 12 14 16 1e-5 4000
 * run: 12 14 16 1e-5 9
 * run: 9 10 11 1e-3 4000
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void laplace3d(int nz, int ny, int nx, double tol, int itmax, double (*a)[ny][nx],
                      double (*b)[ny][nx], int *iters, double *resid, double (**last)[ny][nx]) {
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
  *resid = res;
  *last = a;
}

int main(int argc, char **argv) {
  int nz = atoi(argv[1]), ny = atoi(argv[2]), nx = atoi(argv[3]), itmax = atoi(argv[5]);
  double tol = atof(argv[4]);
  double (*a)[ny][nx] = calloc((size_t)nz, sizeof *a), (*b)[ny][nx] = calloc((size_t)nz, sizeof *b);
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++) a[0][j][i] = b[0][j][i] = 1.0 + 0.1 * i;
  int iters;
  double res, (*last)[ny][nx];
  laplace3d(nz, ny, nx, tol, itmax, a, b, &iters, &res, &last);
  double sum = 0;
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++) sum += last[k][j][i] * (k + 1);
  printf("iterations: %d  residual: %.6e\nweighted sum: %.14f\nlast is %s\n", iters, res, sum,
         last == a ? "a" : "b");
  free(a);
  free(b);
  return 0;
}
