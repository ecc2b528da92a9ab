// expect: {"dims": 2, "dtype": "float", "extents": ["n", "n"], "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.2, "-1,0": 0.2, "1,0": 0.2, "0,-1": 0.2, "0,1": 0.2}, "time_form": "pointer swap"}
// check: -s 26 -t 5
/* Five-point Jacobi as C programmers write it to spare the index arithmetic: pointers to the
 * rows above, at and below the cell, set once per row, and one to the output row. */
void jacobi2d(int n, int steps, float *restrict a, float *restrict b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++) {
      const float *up = &a[(i - 1) * n], *row = &a[i * n], *down = a + (i + 1) * n;
      float *out = b + i * n;
      for (int j = 1; j < n - 1; j++)
        out[j] = 0.2f * (row[j] + row[j - 1] + row[j + 1] + up[j] + down[j]);
    }
    float *tmp = a;
    a = b;
    b = tmp;
  }
}
