// expect: 11:11: error: the flattened index of 'w' is not the row-major cell of the loop variables over the grids' extents (ny x nx): the index 'idx' is declared before the loops without a value and changed in them otherwise than by one assignment
/* C89 style: the index declared at the top, assigned in the cell, then stepped to the east
 * neighbour between the two stores (idx++), so the second store's cells are not the first's. */
void f(int nx, int ny, int steps, float *u, float *v, float *w) {
  int t, i, j, idx;
  float *tmp;
  for (t = 0; t < steps; t++) {
    for (i = 1; i < ny - 1; i++) {
      for (j = 1; j < nx - 1; j++) {
        idx = i * nx + j;
        w[idx] = 0.5f * (u[idx - 1] + u[idx + 1]);
        idx++;
        v[idx] = w[idx] + u[idx];
      }
    }
    tmp = u;
    u = v;
    v = tmp;
  }
}
