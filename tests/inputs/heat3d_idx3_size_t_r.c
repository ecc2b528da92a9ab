// expect: {"dims": 3, "dtype": "double", "extents": ["nx", "ny", "nz"], "radius": [1, 1, 1], "npoints": 7, "time_form": "pointer swap", "scoefs": {"0,0,0": [1, -6, "r"], "1,0,0": [0, 1, "r"], "0,0,-1": [0, 1, "r"]}}
/* 3D heat through an IDX3 macro with size_t casts, the coefficient r = kappa * dt / dx^2
 * computed before the time loop. */
#define IDX3(i, j, k) ((size_t)(i) * ny * nz + (size_t)(j) * nz + (k))
#include <stddef.h>
void heat3d(int nx, int ny, int nz, int nt, double dt, double dx, const double kappa,
            double *restrict T, double *restrict Tn)
{
  const double r = kappa * dt / (dx * dx);
  for (int n = 0; n < nt; n++) {
#pragma omp parallel for collapse(3)
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        for (int k = 1; k < nz - 1; k++)
          Tn[IDX3(i, j, k)] = T[IDX3(i, j, k)] + r * (T[IDX3(i + 1, j, k)] + T[IDX3(i - 1, j, k)] +
                              T[IDX3(i, j + 1, k)] + T[IDX3(i, j - 1, k)] + T[IDX3(i, j, k + 1)] +
                              T[IDX3(i, j, k - 1)] - 6.0 * T[IDX3(i, j, k)]);
    double *tmp = T; T = Tn; Tn = tmp;
  }
}
