// expect: {"dims": 3, "dtype": "double", "extents": ["nz + 2", "ny + 2", "nx + 2"], "halo_lo": [1, 1, 1], "halo_hi": [1, 1, 1], "radius": [1, 1, 1], "npoints": 7, "coefs": {"0,0,0": 0.4, "-1,0,0": 0.1, "0,0,1": 0.1}, "time_form": "pointer swap"}
/* 3D heat on flat restrict arrays through an index macro over the padded extents (nx + 2) and
 * (ny + 2), sizes passed as const ints, the interior 1..nz x 1..ny x 1..nx. */
#include <stddef.h>

#define IDX(k, j, i) (((size_t)(k) * (ny + 2) + (j)) * (nx + 2) + (i))

void heat3d(const int nx, const int ny, const int nz, const int nt, double *restrict u,
            double *restrict unew) {
  for (int t = 0; t < nt; t++) {
    for (int k = 1; k <= nz; k++)
      for (int j = 1; j <= ny; j++)
        for (int i = 1; i <= nx; i++)
          unew[IDX(k, j, i)] = 0.4 * u[IDX(k, j, i)] +
                               0.1 * (u[IDX(k - 1, j, i)] + u[IDX(k + 1, j, i)] +
                                      u[IDX(k, j - 1, i)] + u[IDX(k, j + 1, i)] +
                                      u[IDX(k, j, i - 1)] + u[IDX(k, j, i + 1)]);
    double *tmp = u;
    u = unew;
    unew = tmp;
  }
}
