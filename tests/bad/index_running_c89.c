// expect: 13:9: error: the index 'idx' is changed in the loop body
// hint: compute the index from the loop variables where it is used instead of stepping it
/* A running index in C89 style: declared at the top, set at the start of each row and stepped
 * after each cell, as hand-optimised C does. */
void jacobi(int nx, int ny, int steps, float *in, float *out) {
  int i, j, t, idx;
  float *tmp;
  for (t = 0; t < steps; t++) {
    for (j = 1; j < ny - 1; j++) {
      idx = j * nx + 1;
      for (i = 1; i < nx - 1; i++) {
        out[idx] = 0.25f * (in[idx - 1] + in[idx + 1] + in[idx - nx] + in[idx + nx]);
        idx++;
      }
    }
    tmp = in; in = out; out = tmp;
  }
}
