// expect: {"dims": 1, "extents": ["n"], "halo_lo": [1], "halo_hi": [1], "npoints": 3, "coefs": {"0": 0.5, "1": 0.25}, "steps": "nt - 1", "time_form": "pointer swap"}
/* A time loop bounded as t + 1 < nt (nt - 1 steps: the first state is step 0) and a spatial
 * one as i + 1 <= n - 1. */
void s(int n, int nt, double *a, double *b) {
  for (int t = 0; t + 1 < nt; t++) {
    for (int i = 1; i + 1 <= n - 1; i++)
      b[i] = 0.5 * a[i] + 0.25 * (a[i - 1] + a[i + 1]);
    double *x = a; a = b; b = x;
  }
}
