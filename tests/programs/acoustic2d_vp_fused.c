/* 2D acoustic velocity-pressure scheme on a staggered grid (Virieux 1984), second order: both
 * velocity components updated in place in one loop nest from the pressure, then the pressure
 * from their divergence; flat float arrays of run-time sizes, `int k = iz * nx + ix`, the
 * buoyancy and the bulk modulus as coefficient grids. */
void acoustic_vp(int nx, int nz, int nt, float dtdx, float *restrict p, float *restrict vx,
                 float *restrict vz, const float *restrict rho_inv, const float *restrict kappa) {
  for (int it = 0; it < nt; it++) {
    for (int iz = 1; iz < nz - 1; iz++)
      for (int ix = 1; ix < nx - 1; ix++) {
        int k = iz * nx + ix;
        vx[k] += dtdx * rho_inv[k] * (p[k + 1] - p[k]);
        vz[k] += dtdx * rho_inv[k] * (p[k + nx] - p[k]);
      }
    for (int iz = 1; iz < nz - 1; iz++)
      for (int ix = 1; ix < nx - 1; ix++) {
        int k = iz * nx + ix;
        p[k] += dtdx * kappa[k] * (vx[k] - vx[k - 1] + vz[k] - vz[k - nx]);
      }
  }
}
