// expect: {"dims": 2, "associative": true, "npoints": 5, "scalars": {"alpha": {"kind": "parameter", "type": "double"}}, "scoefs": {"0,0": [1, -4, "alpha"], "-1,0": [0, 1, "alpha"], "0,1": [0, 1, "alpha"]}}
/* Explicit heat step with the 5-point Laplacian in a helper function, the way C codes factor
 * the discrete operator out of the update; flat double grids of run-time size, pointer swap. */
static inline double lap(const double *u, int i, int j, int n) {
  return u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] + u[i * n + j + 1] - 4.0 * u[i * n + j];
}

void heat(int n, int steps, double alpha, double *a, double *b) {
  for (int t = 0; t < steps; ++t) {
    for (int i = 1; i < n - 1; ++i)
      for (int j = 1; j < n - 1; ++j)
        b[i * n + j] = a[i * n + j] + alpha * lap(a, i, j, n);
    double *tmp = a;
    a = b;
    b = tmp;
  }
}
