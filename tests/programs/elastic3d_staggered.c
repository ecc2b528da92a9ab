/* 3D elastic waves in velocity-stress form on Virieux's (1986) staggered grid, second order, as
 * textbook codes write it: float arrays with their axes (run-time sizes nz, ny, nx), one loop
 * nest per field, the three particle velocities from the stress divergence times the buoyancy,
 * then the three normal stresses from the velocity divergence (lambda, mu) and the three shear
 * stresses from the velocity gradients (mu); dt / h as a scalar, every field updated in place.
 * Positions (x, y, z offsets of half a cell): vx (1/2, 0, 0), vy (0, 1/2, 0), vz (0, 0, 1/2),
 * the normal stresses (0, 0, 0), sxy (1/2, 1/2, 0), sxz (1/2, 0, 1/2), syz (0, 1/2, 1/2). */
void elastic3d(int nz, int ny, int nx, int nt, float dth, float vx[nz][ny][nx],
               float vy[nz][ny][nx], float vz[nz][ny][nx], float sxx[nz][ny][nx],
               float syy[nz][ny][nx], float szz[nz][ny][nx], float sxy[nz][ny][nx],
               float sxz[nz][ny][nx], float syz[nz][ny][nx], const float bu[nz][ny][nx],
               const float lam[nz][ny][nx], const float mu[nz][ny][nx]) {
  for (int it = 0; it < nt; it++) {
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          vx[k][j][i] += dth * bu[k][j][i] *
                         (sxx[k][j][i + 1] - sxx[k][j][i] + sxy[k][j][i] - sxy[k][j - 1][i] +
                          sxz[k][j][i] - sxz[k - 1][j][i]);
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          vy[k][j][i] += dth * bu[k][j][i] *
                         (sxy[k][j][i] - sxy[k][j][i - 1] + syy[k][j + 1][i] - syy[k][j][i] +
                          syz[k][j][i] - syz[k - 1][j][i]);
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          vz[k][j][i] += dth * bu[k][j][i] *
                         (sxz[k][j][i] - sxz[k][j][i - 1] + syz[k][j][i] - syz[k][j - 1][i] +
                          szz[k + 1][j][i] - szz[k][j][i]);
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          sxx[k][j][i] += dth * ((lam[k][j][i] + 2.0f * mu[k][j][i]) * (vx[k][j][i] - vx[k][j][i - 1]) +
                                 lam[k][j][i] * (vy[k][j][i] - vy[k][j - 1][i] + vz[k][j][i] - vz[k - 1][j][i]));
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          syy[k][j][i] += dth * ((lam[k][j][i] + 2.0f * mu[k][j][i]) * (vy[k][j][i] - vy[k][j - 1][i]) +
                                 lam[k][j][i] * (vx[k][j][i] - vx[k][j][i - 1] + vz[k][j][i] - vz[k - 1][j][i]));
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          szz[k][j][i] += dth * ((lam[k][j][i] + 2.0f * mu[k][j][i]) * (vz[k][j][i] - vz[k - 1][j][i]) +
                                 lam[k][j][i] * (vx[k][j][i] - vx[k][j][i - 1] + vy[k][j][i] - vy[k][j - 1][i]));
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          sxy[k][j][i] += dth * mu[k][j][i] * (vx[k][j + 1][i] - vx[k][j][i] + vy[k][j][i + 1] - vy[k][j][i]);
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          sxz[k][j][i] += dth * mu[k][j][i] * (vx[k + 1][j][i] - vx[k][j][i] + vz[k][j][i + 1] - vz[k][j][i]);
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          syz[k][j][i] += dth * mu[k][j][i] * (vy[k + 1][j][i] - vy[k][j][i] + vz[k][j + 1][i] - vz[k][j][i]);
  }
}
