// expect: {"dims": 2, "dtype": "double", "extents": ["n", "n"], "halo_lo": [1, 1], "halo_hi": [1, 1], "npoints": 4, "coefs": {"-1,0": 0.25, "1,0": 0.25, "0,-1": 0.25, "0,1": 0.25}, "time_form": "pointer swap"}
#include <stddef.h>
/* size_t counters bounded as i + 1 < n, so that n - 1 cannot wrap around for an unsigned n. */
void jacobi(size_t n, size_t nt, double *a, double *b) {
  for (size_t t = 0; t < nt; ++t) {
    for (size_t i = 1; i + 1 < n; ++i)
      for (size_t j = 1; j + 1 < n; ++j)
        b[i * n + j] = 0.25 * (a[(i - 1) * n + j] + a[(i + 1) * n + j] + a[i * n + j - 1] + a[i * n + j + 1]);
    double *s = a; a = b; b = s;
  }
}
