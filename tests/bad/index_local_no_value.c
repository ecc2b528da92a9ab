// expect: 8:13: error: the index 'idx' is declared without its value, and not assigned one in a block before its use (or also changed otherwise)
/* The cell's index built in two steps (the row's start, then += j): not one value assigned
 * before its uses. */
void f(int nx, int ny, int steps, float *u, float *v) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < ny - 1; i++)
      for (int j = 1; j < nx - 1; j++) {
        int idx;
        idx = i * nx;
        idx += j;
        v[idx] = 0.5f * (u[idx - 1] + u[idx + 1]);
      }
    float *tmp = u; u = v; v = tmp;
  }
}
