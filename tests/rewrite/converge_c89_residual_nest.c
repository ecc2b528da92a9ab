/* A relaxation solver in the C89 manner: the counters declared at the top of the function, the
 * iteration counted from 1 with <=, the change measured in a loop nest of its own between the
 * sweep and the copy-back (the residual reset just before it), the largest change taken with an
 * if. The program prints the iterations, the last change and the loop counters' final values.
 * stencilc: --function relax
 * target: cpu
 * compare: exact
 * run: 26 31 1e-6 50000
 * run: 26 31 1e-6 12
 * run: 26 31 1e-6 1
 * run: 26 31 1e-6 0
 * run: 10 7 1e-3 50000
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int relax(int ny, int nx, double eps, int itmax, double *phi, double *pnew, double *res,
                 int *last_i, int *last_j) {
  int i = 0, j = 0, it;
  double change;
  change = eps + 1.0;
  it = 1;
  while (change > eps && it <= itmax) {
    for (i = 1; i < ny - 1; i++)
      for (j = 1; j < nx - 1; j++)
        pnew[i * nx + j] = 0.25 * (phi[i * nx + j - 1] + phi[i * nx + j + 1] +
                                   phi[(i - 1) * nx + j] + phi[(i + 1) * nx + j]);
    change = 0.0;
    for (i = 1; i < ny - 1; i++)
      for (j = 1; j < nx - 1; j++) {
        double diff = fabs(pnew[i * nx + j] - phi[i * nx + j]);
        if (diff > change) change = diff;
      }
    for (i = 1; i < ny - 1; i++)
      for (j = 1; j < nx - 1; j++)
        phi[i * nx + j] = pnew[i * nx + j];
    it++;
  }
  *res = change;
  *last_i = i;
  *last_j = j;
  return it;
}

int main(int argc, char **argv) {
  int ny = atoi(argv[1]), nx = atoi(argv[2]), itmax = atoi(argv[4]), li = -1, lj = -1, k;
  double eps = atof(argv[3]), res, s = 0;
  double *phi = calloc((size_t)(nx * ny), sizeof *phi), *pnew = calloc((size_t)(nx * ny), sizeof *pnew);
  for (k = 0; k < nx; k++) phi[(ny - 1) * nx + k] = pnew[(ny - 1) * nx + k] = 100.0;
  int it = relax(ny, nx, eps, itmax, phi, pnew, &res, &li, &lj);
  for (k = 0; k < nx * ny; k++) s += phi[k] * (k % 7) + pnew[k];
  printf("it = %d (counted from 1), change = %.15e, i = %d, j = %d\ns = %.15e\n", it, res, li, lj, s);
  free(phi);
  free(pnew);
  return 0;
}
