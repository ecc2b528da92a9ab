// expect: {"dims": 2, "dtype": "double", "associative": false, "npoints": 5, "time_form": "copy-back"}
// check: -s 24 -t 4
/* A 5-point average ported from single precision to double grids, the result still rounded to
 * float as the original stored it: (float)(...) of a run-time value, which the stencil must
 * round too (computing it in double gives other values). */
void smooth(int n, int tsteps, double a[n][n], double b[n][n]) {
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i][j] = (float)(0.2 * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]));
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) a[i][j] = b[i][j];
  }
}
