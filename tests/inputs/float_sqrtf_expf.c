// expect: {"dims": 2, "dtype": "float", "extents": ["n", "n"], "radius": [1, 0], "npoints": 3, "associative": false, "time_form": "pointer swap"}
/* sqrtf and expf (float math functions) in the update. */
#include <math.h>
void f(int n, int nt, float *restrict a, float *restrict b)
{
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = sqrtf(a[(i - 1) * n + j] * a[(i - 1) * n + j] + a[(i + 1) * n + j] * a[(i + 1) * n + j]) * expf(-0.5f)
                       + 0.5f * a[i * n + j];
    float *s = a; a = b; b = s;
  }
}
