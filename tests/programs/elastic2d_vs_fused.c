/* 2D elastic velocity-stress scheme on a staggered grid (Virieux 1986), second order, flat
 * double arrays of run-time sizes: both velocity components in one loop nest from the stresses,
 * then the three stresses in one nest from the velocities' derivatives, temporaries shared by
 * the normal stresses (dvxdx, dvzdz, lambda + 2 mu); the Lame parameters and the buoyancy as
 * coefficient grids. */
void elastic_vs(int nz, int nx, int nt, double dtdx, double *restrict vx, double *restrict vz,
                double *restrict sxx, double *restrict szz, double *restrict sxz,
                const double *restrict lambda, const double *restrict mu,
                const double *restrict buoyancy) {
  for (int it = 0; it < nt; it++) {
    for (int iz = 1; iz < nz - 1; iz++)
      for (int ix = 1; ix < nx - 1; ix++) {
        const int k = iz * nx + ix;
        vx[k] += dtdx * buoyancy[k] * (sxx[k + 1] - sxx[k] + sxz[k] - sxz[k - nx]);
        vz[k] += dtdx * buoyancy[k] * (sxz[k] - sxz[k - 1] + szz[k + nx] - szz[k]);
      }
    for (int iz = 1; iz < nz - 1; iz++)
      for (int ix = 1; ix < nx - 1; ix++) {
        const int k = iz * nx + ix;
        double dvxdx = vx[k] - vx[k - 1];
        double dvzdz = vz[k] - vz[k - nx];
        double l2m = lambda[k] + 2.0 * mu[k];
        sxx[k] += dtdx * (l2m * dvxdx + lambda[k] * dvzdz);
        szz[k] += dtdx * (lambda[k] * dvxdx + l2m * dvzdz);
        sxz[k] += dtdx * mu[k] * (vx[k + nx] - vx[k] + vz[k + 1] - vz[k]);
      }
  }
}
