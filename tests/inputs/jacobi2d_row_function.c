// expect: {"dims": 2, "dtype": "float", "extents": ["ny", "nx"], "halo_lo": [1, 1], "halo_hi": [1, 1], "npoints": 5, "coefs": {"0,0": 0.2, "-1,0": 0.2, "1,0": 0.2, "0,-1": 0.2, "0,1": 0.2}, "time_form": "pointer swap"}
/* The inner loop in a function of its own, called once per row with pointers to the rows above,
 * at and below the cell and to the output row (&a[(i - 1) * nx], ...), the call the row loop's
 * whole body. */
static void sweep_row(int nx, const float *up, const float *row, const float *down, float *out) {
  for (int j = 1; j < nx - 1; j++)
    out[j] = 0.2f * (row[j] + row[j - 1] + row[j + 1] + up[j] + down[j]);
}

void jacobi(int ny, int nx, int nt, float *a, float *b) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < ny - 1; i++)
      sweep_row(nx, &a[(i - 1) * nx], &a[i * nx], &a[(i + 1) * nx], &b[i * nx]);
    float *s = a; a = b; b = s;
  }
}
