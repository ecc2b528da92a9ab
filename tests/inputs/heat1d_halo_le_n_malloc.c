// expect: {"dims": 1, "dtype": "double", "extents": ["n + 2"], "halo_lo": [1], "halo_hi": [1], "radius": [1], "npoints": 3, "time_form": "copy-back", "scoefs": {"0": [1, -2, "alpha"], "-1": [0, 1, "alpha"]}}
/* The grid holds n cells and a halo cell at each end (swept 1 <= i <= n); the scratch array is
 * allocated in the function and copied back. */
#include <stdlib.h>
void heat(int n, int nt, double alpha, double *u)
{
  double *un = malloc((n + 2) * sizeof(double));
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i <= n; i++)
      un[i] = u[i] + alpha * (u[i + 1] - 2 * u[i] + u[i - 1]);
    for (int i = 1; i <= n; i++)
      u[i] = un[i];
  }
  free(un);
}
