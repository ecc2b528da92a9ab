// expect: 9:13: error: the index 'idx' is changed inside the subscript (a running index)
// hint: compute the index from the loop variables where it is used instead of stepping it
/* A running index stepped in the subscript of the cell written. */
void jacobi(int nx, int ny, int steps, float *in, float *out) {
  for (int t = 0; t < steps; t++) {
    for (int j = 1; j < ny - 1; j++) {
      int idx = j * nx + 1;
      for (int i = 1; i < nx - 1; i++)
        out[idx++] = 0.25f * (in[idx - 1] + in[idx + 1] + in[idx - nx] + in[idx + nx]);
    }
    float *tmp = in; in = out; out = tmp;
  }
}
