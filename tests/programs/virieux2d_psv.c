/* 2D P-SV elastic waves in velocity-stress form on Virieux's (1986) staggered grid, second
 * order: the particle velocities vx (at i, j) and vz (at i + 1/2, j + 1/2) updated in place in
 * one loop nest from the stress divergence, then the stresses txx, tzz (at i, j + 1/2) and txz
 * (at i + 1/2, j) in one nest from the velocity gradients, two of them temporaries the normal
 * stresses share; float arrays with their axes (run-time sizes), the buoyancy and the Lame
 * parameters as grids, dt / dx as a scalar. The stresses read the new velocities at the cells
 * beside theirs: the second nest starts after the first has finished everywhere. */
void virieux_psv(int nz, int nx, int nt, float dtdx, float vx[nz][nx], float vz[nz][nx],
                 float txx[nz][nx], float tzz[nz][nx], float txz[nz][nx], const float bu[nz][nx],
                 const float la[nz][nx], const float mu[nz][nx]) {
  for (int it = 0; it < nt; it++) {
    for (int i = 1; i < nz - 1; i++)
      for (int j = 1; j < nx - 1; j++) {
        vx[i][j] += dtdx * bu[i][j] * (txx[i][j] - txx[i][j - 1] + txz[i][j] - txz[i - 1][j]);
        vz[i][j] += dtdx * bu[i][j] * (txz[i][j + 1] - txz[i][j] + tzz[i + 1][j] - tzz[i][j]);
      }
    for (int i = 1; i < nz - 1; i++)
      for (int j = 1; j < nx - 1; j++) {
        const float dvxdx = vx[i][j + 1] - vx[i][j];
        const float dvzdz = vz[i][j] - vz[i - 1][j];
        txx[i][j] += dtdx * ((la[i][j] + 2.0f * mu[i][j]) * dvxdx + la[i][j] * dvzdz);
        tzz[i][j] += dtdx * (la[i][j] * dvxdx + (la[i][j] + 2.0f * mu[i][j]) * dvzdz);
        txz[i][j] += dtdx * mu[i][j] * (vx[i + 1][j] - vx[i][j] + vz[i][j] - vz[i][j - 1]);
      }
  }
}
