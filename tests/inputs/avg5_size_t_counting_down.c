// expect: {"dims": 2, "dtype": "float", "extents": ["n", "m"], "halo_lo": [1, 1], "halo_hi": [1, 1], "radius": [1, 1], "npoints": 5, "coefs": {"0,0": 0.2, "-1,0": 0.2, "1,0": 0.2, "0,-1": 0.2, "0,1": 0.2}, "time_form": "pointer swap"}
/* size_t counters counting down to 1 (i > 0), __restrict__ pointers, an integer divisor. */
#include <stddef.h>
void avg5(size_t n, size_t m, int nt, float *__restrict__ a, float *__restrict__ b)
{
  for (int t = 0; t < nt; t++) {
    for (size_t i = n - 2; i > 0; i--)
      for (size_t j = m - 2; j > 0; j--)
        b[i * m + j] = (a[i * m + j] + a[(i - 1) * m + j] + a[(i + 1) * m + j] + a[i * m + j - 1] + a[i * m + j + 1]) / 5;
    float *tmp = a; a = b; b = tmp;
  }
}
