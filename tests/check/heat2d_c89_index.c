/* A C89-style 2D sweep: the counters declared at the top of the function, the cell's index
 * declared in the loop body without a value and assigned before its uses (int idx;
 * idx = i * nx + j;), a pointer swap. */
void f(int nx, int ny, int steps, float *u, float *v) {
  int t, i, j;
  float *tmp;
  for (t = 0; t < steps; t++) {
    for (i = 1; i < ny - 1; i++)
      for (j = 1; j < nx - 1; j++) {
        int idx;
        idx = i * nx + j;
        v[idx] = 0.25f * (u[idx - 1] + u[idx + 1] + u[idx - nx] + u[idx + nx]);
      }
    tmp = u;
    u = v;
    v = tmp;
  }
}
