// expect: {"dims": 1, "dtype": "double", "extents": ["n"], "halo_lo": [1], "halo_hi": [1], "npoints": 3, "time_form": "pointer swap", "scalars": {"c": {"kind": "parameter", "type": "double"}}}
#include <math.h>
/* First-order upwind for either sign of the velocity: the flux split with fmax/fmin on c
 * (no branch on the sign). */
void upwind(int n, int nt, double c, double *restrict u, double *restrict un) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      un[i] = u[i] - fmax(c, 0.0) * (u[i] - u[i - 1]) - fmin(c, 0.0) * (u[i + 1] - u[i]);
    double *tmp = u; u = un; un = tmp;
  }
}
