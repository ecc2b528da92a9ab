/* Heat flow with a conductivity per cell on flat double arrays whose rows are padded with a
 * ghost cell at each end (pitch ld = ncols + 2, all sizes at run time), indexed through an IDX
 * macro; the face conductivities are averages of the cells', r = dt / h^2 is a parameter. */
#include <stddef.h>

#define IDX(i, j) ((size_t)(i) * ld + (j))

void heat2d_var(int nrows, int ncols, int steps, double r, double *u, double *unew,
                const double *kappa) {
  const size_t ld = (size_t)ncols + 2;
  for (int t = 0; t < steps; t++) {
    for (size_t i = 1; i < nrows - 1; i++)
      for (size_t j = 1; j < ld - 1; j++) {
        double ke = 0.5 * (kappa[IDX(i, j)] + kappa[IDX(i, j + 1)]);
        double kw = 0.5 * (kappa[IDX(i, j)] + kappa[IDX(i, j - 1)]);
        double kn = 0.5 * (kappa[IDX(i, j)] + kappa[IDX(i - 1, j)]);
        double ks = 0.5 * (kappa[IDX(i, j)] + kappa[IDX(i + 1, j)]);
        unew[IDX(i, j)] = u[IDX(i, j)] + r * (ke * (u[IDX(i, j + 1)] - u[IDX(i, j)]) -
                                              kw * (u[IDX(i, j)] - u[IDX(i, j - 1)]) +
                                              ks * (u[IDX(i + 1, j)] - u[IDX(i, j)]) -
                                              kn * (u[IDX(i, j)] - u[IDX(i - 1, j)]));
      }
    double *tmp = u;
    u = unew;
    unew = tmp;
  }
}
