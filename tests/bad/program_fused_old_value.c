// expect: 12:22: error: reads 'vx' before its assignment (line 13) for the assignment to 'vx_mid' after it
// hint: read the grid after its assignment when the new value is meant
/* The velocity at the half step (the mean of the old and new values) kept beside the update:
 * the old value is read before the update, for a later assignment that, as a stage after the
 * update's, would read the new one. */
void velocity_mid(int nx, int nz, int nt, double dtdx, double p[nz][nx], double vx[nz][nx],
                  double vx_mid[nz][nx], const double rho_inv[nz][nx], const double kappa[nz][nx]) {
  for (int it = 0; it < nt; it++) {
    for (int iz = 1; iz < nz - 1; iz++)
      for (int ix = 1; ix < nx - 1; ix++) {
        double dp = p[iz][ix + 1] - p[iz][ix];
        double old = vx[iz][ix];
        vx[iz][ix] = old + dtdx * rho_inv[iz][ix] * dp;
        vx_mid[iz][ix] = 0.5 * (old + vx[iz][ix]);
      }
    for (int iz = 1; iz < nz - 1; iz++)
      for (int ix = 1; ix < nx - 1; ix++)
        p[iz][ix] += dtdx * kappa[iz][ix] * (vx_mid[iz][ix] - vx_mid[iz][ix - 1]);
  }
}
