// expect: {"dims": 2, "dtype": "double", "extents": ["n + 2", "n + 2"], "halo_lo": [1, 1], "halo_hi": [1, 1], "radius": [1, 1], "npoints": 5, "coefs": {"0,0": 0.6, "-1,0": 0.1, "1,0": 0.1, "0,-1": 0.1, "0,1": 0.1}, "time_form": "pointer swap"}
/* Explicit heat step on a flat array of (n + 2)^2 cells: the n x n interior is indexed from 1
 * to n, the pitch n + 2 written out in every index. */
void heat(int n, int steps, double *a, double *b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i <= n; i++)
      for (int j = 1; j <= n; j++)
        b[i * (n + 2) + j] = 0.6 * a[i * (n + 2) + j] +
                             0.1 * (a[(i - 1) * (n + 2) + j] + a[(i + 1) * (n + 2) + j] +
                                    a[i * (n + 2) + j - 1] + a[i * (n + 2) + j + 1]);
    double *tmp = a;
    a = b;
    b = tmp;
  }
}
