// expect: {"dims": 1, "dtype": "double", "extents": ["n"], "halo_lo": [1], "halo_hi": [1], "npoints": 3, "coefs": {"-1": 0.3333333333333333, "0": 0.3333333333333333, "1": 0.3333333333333333}, "steps": "nt", "time_form": "copy-back"}
/* Loop conditions written bound first (nt > t, n - 1 > i), as some style guides ask. */
void smooth(int n, int nt, double *a, double *b) {
  for (int t = 0; nt > t; t++) {
    for (int i = 1; n - 1 > i; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
    for (int i = 1; n - 1 > i; i++)
      a[i] = b[i];
  }
}
