// expect: 8:16: error: an index that wraps around or is clamped at the grid's ends (% or ?:); stencilc reads the same offsets at every cell of an interior inside a halo
// hint: give the grid ghost cells
/* A periodic grid whose neighbours' indices are picked per cell with ?: (a pointer swap). */
void ring(int n, int nt, double *u, double *un) {
  for (int t = 0; t < nt; t++) {
    for (int i = 0; i < n; i++) {
      int ip = (i == n - 1) ? 0 : i + 1;
      int im = (i == 0) ? n - 1 : i - 1;
      un[i] = 0.25 * u[im] + 0.5 * u[i] + 0.25 * u[ip];
    }
    double *tmp = u; u = un; un = tmp;
  }
}
