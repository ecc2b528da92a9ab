/* 2D acoustic velocity-pressure scheme with the convolutional PML of Komatitsch and Martin
 * (2007) as their codes write it: the PML coefficients are 1D profiles per axis, b_x[ix] =
 * exp(-(d_x / K_x + alpha_x) dt), a_x[ix] and the stretching K_x[ix] along x (b_z, a_z, K_z
 * along depth), computed by the caller; each derivative's memory variable is updated first and
 * the derivative then divided by K and corrected by it. The staggered velocities read the
 * pressure at +1, the pressure the velocities at -1 (the profile of the half-cell position is
 * read there too, K_x[ix - 1] beside K_x[ix]). */
void cpml2d(int nz, int nx, int nt, float dtdx, float p[nz][nx], float vx[nz][nx], float vz[nz][nx],
            float psi_px[nz][nx], float psi_pz[nz][nx], float psi_vx[nz][nx], float psi_vz[nz][nx],
            const float rho_inv[nz][nx], const float kappa[nz][nx], const float b_x[nx],
            const float a_x[nx], const float K_x[nx], const float b_z[nz], const float a_z[nz],
            const float K_z[nz]) {
  for (int it = 0; it < nt; it++) {
    for (int iz = 1; iz < nz - 1; iz++)
      for (int ix = 1; ix < nx - 1; ix++) {
        float dpx = p[iz][ix + 1] - p[iz][ix];
        float dpz = p[iz + 1][ix] - p[iz][ix];
        psi_px[iz][ix] = b_x[ix] * psi_px[iz][ix] + a_x[ix] * dpx;
        psi_pz[iz][ix] = b_z[iz] * psi_pz[iz][ix] + a_z[iz] * dpz;
        vx[iz][ix] += dtdx * rho_inv[iz][ix] * (dpx / K_x[ix] + psi_px[iz][ix]);
        vz[iz][ix] += dtdx * rho_inv[iz][ix] * (dpz / K_z[iz] + psi_pz[iz][ix]);
      }
    for (int iz = 1; iz < nz - 1; iz++)
      for (int ix = 1; ix < nx - 1; ix++) {
        float dvx = vx[iz][ix] - vx[iz][ix - 1];
        float dvz = vz[iz][ix] - vz[iz - 1][ix];
        psi_vx[iz][ix] = b_x[ix - 1] * psi_vx[iz][ix] + a_x[ix - 1] * dvx;
        psi_vz[iz][ix] = b_z[iz - 1] * psi_vz[iz][ix] + a_z[iz - 1] * dvz;
        p[iz][ix] += dtdx * kappa[iz][ix] *
                     (dvx / K_x[ix - 1] + psi_vx[iz][ix] + dvz / K_z[iz - 1] + psi_vz[iz][ix]);
      }
  }
}
