// expect: {"dims": 2, "dtype": "float", "extents": ["n", "n"], "halo_lo": [1, 1], "halo_hi": [1, 1], "radius": [1, 1], "npoints": 5, "coefs": {"0,0": 0.6, "-1,0": 0.1, "1,0": 0.1, "0,-1": 0.1, "0,1": 0.1}, "time_form": "time levels"}
/* Inclusive bounds with size_t indices declared before the loops, ++i and i += 1. */
#include <stddef.h>
void heat(size_t n, size_t steps, float A[2][n][n]) {
  size_t t, i, j;
  for (t = 0; t < steps; t += 1)
    for (i = 1; i <= n - 2; ++i)
      for (j = 1; j <= n - 2; j = j + 1)
        A[(t + 1) % 2][i][j] = 0.6f * A[t % 2][i][j] + 0.1f * (A[t % 2][i - 1][j] + A[t % 2][i + 1][j] +
                                                            A[t % 2][i][j - 1] + A[t % 2][i][j + 1]);
}
