// expect: {"dims": 2, "dtype": "double", "extents": ["n", "m"], "halo_lo": [1, 1], "halo_hi": [1, 1], "radius": [1, 1], "npoints": 5, "coefs": {"0,0": 0.2, "-1,0": 0.2, "1,0": 0.2, "0,-1": 0.2, "0,1": 0.2}, "time_form": "pointer swap"}
/* long loop counters counting down, as codes that sweep from the top write them. */
void relax(long n, long m, long nt, double (*restrict a)[m], double (*restrict b)[m])
{
  for (long t = 0; t < nt; t++) {
    for (long i = n - 2; i >= 1; i--)
      for (long j = m - 2; j >= 1; j--)
        b[i][j] = (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]) / 5.0;
    double (*tmp)[m] = a; a = b; b = tmp;
  }
}
