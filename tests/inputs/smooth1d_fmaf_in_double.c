// expect: {"dims": 1, "dtype": "double", "radius": [1], "npoints": 3, "time_form": "pointer swap"}
#include <math.h>
/* fmaf called on double grids: C rounds its operands and its result to float, which the
 * program keeps. */
void smooth(int n, int nt, double *restrict x, double *restrict y) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      y[i] = fmaf(0.25f, x[i - 1] + x[i + 1], 0.5f * x[i]);
    double *s = x; x = y; y = s;
  }
}
