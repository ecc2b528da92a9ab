#include <math.h>
/* 1D leapfrog with a velocity grid, the update written through fma(c2[i], <Laplacian>,
 * 2 u - uold), three arrays rotated by pointer. */
void wave(int n, int nt, const double *c2, double *uold, double *u, double *unew) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      unew[i] = fma(c2[i], u[i + 1] - 2.0 * u[i] + u[i - 1], 2.0 * u[i] - uold[i]);
    double *tmp = uold; uold = u; u = unew; unew = tmp;
  }
}
