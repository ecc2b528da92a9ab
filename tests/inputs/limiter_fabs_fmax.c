// expect: {"dims": 1, "dtype": "double", "extents": ["n"], "radius": [1], "npoints": 3, "associative": false, "time_form": "pointer swap"}
/* fabs and fmax in the update (a limiter-like smoothing). */
#include <math.h>
void limiter(int n, int nt, double *restrict q, double *restrict qn)
{
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      qn[i] = q[i] - 0.1 * fmax(fabs(q[i + 1] - q[i]), fabs(q[i] - q[i - 1]));
    double *s = q; q = qn; qn = s;
  }
}
