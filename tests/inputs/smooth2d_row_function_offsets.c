// expect: {"dims": 2, "dtype": "double", "extents": ["ny", "nx"], "npoints": 5, "time_form": "copy-back", "scalars": {"w": {"kind": "parameter", "type": "double"}}, "scoefs": {"0,0": [1, -4, "w"], "-1,0": [0, 1, "w"], "1,0": [0, 1, "w"], "0,-1": [0, 1, "w"], "0,1": [0, 1, "w"]}}
/* A row function with its counter declared first, called from braces with rows passed as
 * pointer sums (a + (i - 1) * nx), a copy-back nest. */
static void smooth_row(int nx, double w, const double *up, const double *row, const double *down, double *out) {
  int j;
  for (j = 1; j < nx - 1; j++)
    out[j] = (1.0 - 4.0 * w) * row[j] + w * (row[j - 1] + row[j + 1] + up[j] + down[j]);
}

void smooth(int ny, int nx, int nt, double w, double *a, double *b) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < ny - 1; i++) {
      smooth_row(nx, w, a + (i - 1) * nx, a + i * nx, a + (i + 1) * nx, b + i * nx);
    }
    for (int i = 1; i < ny - 1; i++)
      for (int j = 1; j < nx - 1; j++)
        a[i * nx + j] = b[i * nx + j];
  }
}
