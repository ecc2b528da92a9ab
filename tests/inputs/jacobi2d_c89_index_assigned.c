// expect: {"dims": 2, "dtype": "float", "extents": ["ny", "nx"], "npoints": 4, "coefs": {"-1,0": 0.25, "1,0": 0.25, "0,-1": 0.25, "0,1": 0.25}, "time_form": "pointer swap"}
// check: -s 20x24 -t 3
/* C89 style: the cell's index declared at the top of the function with the counters and
 * assigned in the loop body just before the update, no braces of its own around a block. */
void jacobi(int nx, int ny, int steps, float *in, float *out) {
  int t, i, j, idx;
  float *tmp;
  for (t = 0; t < steps; t++) {
    for (j = 1; j < ny - 1; j++)
      for (i = 1; i < nx - 1; i++) {
        idx = j * nx + i;
        out[idx] = 0.25f * (in[idx - 1] + in[idx + 1] + in[idx - nx] + in[idx + nx]);
      }
    tmp = in; in = out; out = tmp;
  }
}
