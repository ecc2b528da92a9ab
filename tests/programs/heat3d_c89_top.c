/* A C89-style 3D heat code: every variable declared at the top of the function (the counters,
 * the step, the cell's index and its neighbours'), the indices assigned in the loop body
 * (c = (k * ny + j) * nx + i; in the x-fastest order, then the neighbours from it), a
 * conductivity grid kap read at the cell and its six neighbours, a time loop
 * while (it < nsteps) { ...; it++; } with the two buffers swapped by pointer before the count. */
void heat3d(double *u, double *unew, const double *kap, double r, int nx, int ny, int nz,
            int nsteps) {
  int i, j, k, it;
  int c, xm, xp, ym, yp, zm, zp;
  double *swap;
  it = 0;
  while (it < nsteps) {
    for (k = 1; k < nz - 1; k++) {
      for (j = 1; j < ny - 1; j++) {
        for (i = 1; i < nx - 1; i++) {
          c = (k * ny + j) * nx + i;
          xm = c - 1;
          xp = c + 1;
          ym = c - nx;
          yp = c + nx;
          zm = c - nx * ny;
          zp = c + nx * ny;
          unew[c] = u[c] + r * (0.5 * (kap[c] + kap[xp]) * (u[xp] - u[c]) -
                                0.5 * (kap[c] + kap[xm]) * (u[c] - u[xm]) +
                                0.5 * (kap[c] + kap[yp]) * (u[yp] - u[c]) -
                                0.5 * (kap[c] + kap[ym]) * (u[c] - u[ym]) +
                                0.5 * (kap[c] + kap[zp]) * (u[zp] - u[c]) -
                                0.5 * (kap[c] + kap[zm]) * (u[c] - u[zm]));
        }
      }
    }
    swap = u;
    u = unew;
    unew = swap;
    it++;
  }
}
