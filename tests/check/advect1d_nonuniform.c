/* 1D upwind advection on a non-uniform grid, the cell widths dx[i] in an array (a mesh refined
 * towards a boundary layer): u_new from u at i and i + 1 and the width between them, the two
 * arrays swapped by pointer. */
void advect_nonuniform(int n, int nt, double dt, double *u, double *u_new, const double *inv_dx) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      u_new[i] = u[i] + dt * (u[i + 1] - u[i]) * inv_dx[i];
    double *tmp = u;
    u = u_new;
    u_new = tmp;
  }
}
