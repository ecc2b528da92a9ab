// expect: {"dims": 1, "dtype": "float", "radius": [1], "npoints": 3, "coefs": {"-1": 0.25, "0": 0.5, "1": 0.25}, "associative": true, "time_form": "pointer swap"}
#include <math.h>
/* A float 1D smoother whose weights are applied by chained fmaf calls, restrict pointers
 * swapped after each step. */
void smooth(int n, int nt, float *restrict x, float *restrict y) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      y[i] = fmaf(0.25f, x[i - 1], fmaf(0.5f, x[i], 0.25f * x[i + 1]));
    float *s = x; x = y; y = s;
  }
}
