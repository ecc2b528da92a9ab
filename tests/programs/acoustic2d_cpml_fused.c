/* 2D acoustic velocity-pressure scheme with convolutional-PML memory variables (Komatitsch and
 * Martin 2007), arrays declared with their axes (float vx[nz][nx], run-time sizes): in each
 * nest the memory variable of a derivative is updated first and the field then reads its new
 * value at the same cell; the derivative is a temporary both statements use. Constant
 * damping coefficients (b = exp(-d dt), a = b - 1) as scalars. */
void acoustic_cpml(int nz, int nx, int nt, float dtdx, float b, float a, float p[nz][nx],
                   float vx[nz][nx], float vz[nz][nx], float psi_px[nz][nx], float psi_pz[nz][nx],
                   const float rho_inv[nz][nx], const float kappa[nz][nx]) {
  for (int it = 0; it < nt; it++) {
    for (int iz = 1; iz < nz - 1; iz++)
      for (int ix = 1; ix < nx - 1; ix++) {
        float dpx = p[iz][ix + 1] - p[iz][ix];
        float dpz = p[iz + 1][ix] - p[iz][ix];
        psi_px[iz][ix] = b * psi_px[iz][ix] + a * dpx;
        vx[iz][ix] += dtdx * rho_inv[iz][ix] * (dpx + psi_px[iz][ix]);
        psi_pz[iz][ix] = b * psi_pz[iz][ix] + a * dpz;
        vz[iz][ix] += dtdx * rho_inv[iz][ix] * (dpz + psi_pz[iz][ix]);
      }
    for (int iz = 1; iz < nz - 1; iz++)
      for (int ix = 1; ix < nx - 1; ix++) {
        const float div = vx[iz][ix] - vx[iz][ix - 1] + vz[iz][ix] - vz[iz - 1][ix];
        p[iz][ix] -= -dtdx * kappa[iz][ix] * div;
      }
  }
}
