/* 3D acoustic velocity-pressure scheme on a staggered grid (Virieux 1984) with a convolutional
 * PML along depth only (Komatitsch and Martin 2007: an absorbing bottom), second order: the
 * three velocity components in one loop nest, the memory variable psi_pz of dp/dz updated
 * before vz reads its new value at the same cell; then the pressure in one nest, psi_vz of
 * dvz/dz first. Flat float arrays of run-time sizes, `const int k = (iz * ny + iy) * nx + ix`,
 * the buoyancy and the bulk modulus as grids, the damping coefficients b = exp(-d dt) and
 * a = b - 1 as scalars. */
void acoustic3d_cpml_z(int nz, int ny, int nx, int nt, float dtdx, float b, float a,
                       float *restrict p, float *restrict vx, float *restrict vy,
                       float *restrict vz, float *restrict psi_pz, float *restrict psi_vz,
                       const float *restrict rho_inv, const float *restrict kappa) {
  for (int it = 0; it < nt; it++) {
    for (int iz = 1; iz < nz - 1; iz++)
      for (int iy = 1; iy < ny - 1; iy++)
        for (int ix = 1; ix < nx - 1; ix++) {
          const int k = (iz * ny + iy) * nx + ix;
          const float dpz = p[k + nx * ny] - p[k];
          vx[k] += dtdx * rho_inv[k] * (p[k + 1] - p[k]);
          vy[k] += dtdx * rho_inv[k] * (p[k + nx] - p[k]);
          psi_pz[k] = b * psi_pz[k] + a * dpz;
          vz[k] += dtdx * rho_inv[k] * (dpz + psi_pz[k]);
        }
    for (int iz = 1; iz < nz - 1; iz++)
      for (int iy = 1; iy < ny - 1; iy++)
        for (int ix = 1; ix < nx - 1; ix++) {
          const int k = (iz * ny + iy) * nx + ix;
          const float dvz = vz[k] - vz[k - nx * ny];
          psi_vz[k] = b * psi_vz[k] + a * dvz;
          p[k] += dtdx * kappa[k] * (vx[k] - vx[k - 1] + vy[k] - vy[k - nx] + dvz + psi_vz[k]);
        }
  }
}
