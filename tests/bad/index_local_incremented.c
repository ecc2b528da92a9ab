// expect: 9:9: error: the index 'idx' is changed in the loop body
/* A running index along the row, stepped after each cell, as hand-optimised C does. */
void f(int n, int steps, double *u, double *v) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++) {
      int idx = i * n + 1;
      for (int j = 1; j < n - 1; j++) {
        v[idx] = 0.25 * (u[idx - 1] + u[idx + 1] + u[idx - n] + u[idx + n]);
        idx++;
      }
    }
    double *tmp = u; u = v; v = tmp;
  }
}
