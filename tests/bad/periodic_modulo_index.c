// expect: 7:29: error: an index that wraps around or is clamped at the grid's ends (% or ?:); stencilc reads the same offsets at every cell of an interior inside a halo
// hint: give the grid ghost cells
/* 1D heat on a periodic ring: every cell swept, the neighbours wrapped with %. */
void heat_ring(int n, int nt, double r, double *u, double *un) {
  for (int t = 0; t < nt; t++) {
    for (int i = 0; i < n; i++)
      un[i] = u[i] + r * (u[(i + 1) % n] - 2.0 * u[i] + u[(i - 1 + n) % n]);
    for (int i = 0; i < n; i++) u[i] = un[i];
  }
}
