// expect: 6:19: error: the index 'idx' is computed from data (an array element, a call or a member), not from loop variables and sizes
void f(int nx, int ny, int steps, const int *map, double *u, double *v) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < ny - 1; i++)
      for (int j = 1; j < nx - 1; j++) {
        int idx = map[i * nx + j];
        v[idx] = 0.5 * (u[idx - 1] + u[idx + 1]);
      }
    double *tmp = u; u = v; v = tmp;
  }
}
