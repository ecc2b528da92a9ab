// expect: {"dims": 2, "dtype": "double", "extents": ["n", "n"], "npoints": 5, "associative": true, "time_form": "copy-back", "scalars": {"c": {"kind": "parameter", "type": "double"}}, "scoefs": {"0,0": [1, -4, "c"], "-1,0": [0, 1, "c"], "1,0": [0, 1, "c"], "0,-1": [0, 1, "c"], "0,1": [0, 1, "c"]}}
#include <math.h>
/* Jacobi 2D with the update written through fma() (the diffusion number times the Laplacian,
 * plus the centre), as codes tuned for fused multiply-add write it; a copy-back nest. */
void jacobi_fma(int n, int nt, double c, double a[n][n], double b[n][n]) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i][j] = fma(c, a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1] - 4.0 * a[i][j], a[i][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        a[i][j] = b[i][j];
  }
}
