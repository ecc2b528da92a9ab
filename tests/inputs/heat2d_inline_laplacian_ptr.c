// expect: {"dims": 2, "dtype": "double", "extents": ["n", "n"], "npoints": 5, "time_form": "pointer swap", "scalars": {"r": {"kind": "parameter", "type": "double"}}, "scoefs": {"0,0": [1, -4, "r"], "-1,0": [0, 1, "r"], "0,1": [0, 1, "r"]}}
/* The Laplacian in a static inline helper that takes the flat grid as a const pointer, the cell
 * and the row length. */
static inline double laplacian(const double *u, int i, int j, int n) {
  return u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] + u[i * n + j + 1] - 4.0 * u[i * n + j];
}

void heat(int n, int nt, double r, double *u, double *un) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        un[i * n + j] = u[i * n + j] + r * laplacian(u, i, j, n);
    double *tmp = u; u = un; un = tmp;
  }
}
