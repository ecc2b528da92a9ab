// expect: 69:11: error: more than 16 stages (assignments to grids in a time step)
// hint: keep fewer grid assignments in the time step; a value not kept from one step to the next can be a local of the cell (const float d = ...;)
/* 3D elastic velocity-stress with C-PML absorbing layers as SEISMIC_CPML's 3D isotropic code
 * writes it (Komatitsch and Martin 2007), in C: each derivative's memory variable is a grid
 * updated beside the field it corrects, 18 of them besides the 9 wavefields, 27 assignments
 * per time step; the damping profiles as per-cell grids. stencilc takes 16 stages: the 17th,
 * syy's update, is refused. */
void elastic3d_cpml(int nz, int ny, int nx, int nt, float dt, float dx, float vx[nz][ny][nx],
                    float vy[nz][ny][nx], float vz[nz][ny][nx], float sxx[nz][ny][nx],
                    float syy[nz][ny][nx], float szz[nz][ny][nx], float sxy[nz][ny][nx],
                    float sxz[nz][ny][nx], float syz[nz][ny][nx], float m_sxx_x[nz][ny][nx],
                    float m_sxy_y[nz][ny][nx], float m_sxz_z[nz][ny][nx], float m_sxy_x[nz][ny][nx],
                    float m_syy_y[nz][ny][nx], float m_syz_z[nz][ny][nx], float m_sxz_x[nz][ny][nx],
                    float m_syz_y[nz][ny][nx], float m_szz_z[nz][ny][nx], float m_vx_x[nz][ny][nx],
                    float m_vy_y[nz][ny][nx], float m_vz_z[nz][ny][nx], float m_vx_y[nz][ny][nx],
                    float m_vy_x[nz][ny][nx], float m_vx_z[nz][ny][nx], float m_vz_x[nz][ny][nx],
                    float m_vy_z[nz][ny][nx], float m_vz_y[nz][ny][nx], const float a[nz][ny][nx],
                    const float b[nz][ny][nx], const float rho[nz][ny][nx],
                    const float lam[nz][ny][nx], const float mu[nz][ny][nx]) {
  for (int it = 0; it < nt; it++) {
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++) {
          const float d_sxx_x = (sxx[k][j][i + 1] - sxx[k][j][i]) / dx;
          const float d_sxy_y = (sxy[k][j][i] - sxy[k][j - 1][i]) / dx;
          const float d_sxz_z = (sxz[k][j][i] - sxz[k - 1][j][i]) / dx;
          m_sxx_x[k][j][i] = b[k][j][i] * m_sxx_x[k][j][i] + a[k][j][i] * d_sxx_x;
          m_sxy_y[k][j][i] = b[k][j][i] * m_sxy_y[k][j][i] + a[k][j][i] * d_sxy_y;
          m_sxz_z[k][j][i] = b[k][j][i] * m_sxz_z[k][j][i] + a[k][j][i] * d_sxz_z;
          vx[k][j][i] += dt / rho[k][j][i] *
                         (d_sxx_x + m_sxx_x[k][j][i] + d_sxy_y + m_sxy_y[k][j][i] + d_sxz_z + m_sxz_z[k][j][i]);
        }
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++) {
          const float d_sxy_x = (sxy[k][j][i] - sxy[k][j][i - 1]) / dx;
          const float d_syy_y = (syy[k][j + 1][i] - syy[k][j][i]) / dx;
          const float d_syz_z = (syz[k][j][i] - syz[k - 1][j][i]) / dx;
          m_sxy_x[k][j][i] = b[k][j][i] * m_sxy_x[k][j][i] + a[k][j][i] * d_sxy_x;
          m_syy_y[k][j][i] = b[k][j][i] * m_syy_y[k][j][i] + a[k][j][i] * d_syy_y;
          m_syz_z[k][j][i] = b[k][j][i] * m_syz_z[k][j][i] + a[k][j][i] * d_syz_z;
          vy[k][j][i] += dt / rho[k][j][i] *
                         (d_sxy_x + m_sxy_x[k][j][i] + d_syy_y + m_syy_y[k][j][i] + d_syz_z + m_syz_z[k][j][i]);
        }
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++) {
          const float d_sxz_x = (sxz[k][j][i] - sxz[k][j][i - 1]) / dx;
          const float d_syz_y = (syz[k][j][i] - syz[k][j - 1][i]) / dx;
          const float d_szz_z = (szz[k + 1][j][i] - szz[k][j][i]) / dx;
          m_sxz_x[k][j][i] = b[k][j][i] * m_sxz_x[k][j][i] + a[k][j][i] * d_sxz_x;
          m_syz_y[k][j][i] = b[k][j][i] * m_syz_y[k][j][i] + a[k][j][i] * d_syz_y;
          m_szz_z[k][j][i] = b[k][j][i] * m_szz_z[k][j][i] + a[k][j][i] * d_szz_z;
          vz[k][j][i] += dt / rho[k][j][i] *
                         (d_sxz_x + m_sxz_x[k][j][i] + d_syz_y + m_syz_y[k][j][i] + d_szz_z + m_szz_z[k][j][i]);
        }
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++) {
          const float d_vx_x = (vx[k][j][i] - vx[k][j][i - 1]) / dx;
          const float d_vy_y = (vy[k][j][i] - vy[k][j - 1][i]) / dx;
          const float d_vz_z = (vz[k][j][i] - vz[k - 1][j][i]) / dx;
          m_vx_x[k][j][i] = b[k][j][i] * m_vx_x[k][j][i] + a[k][j][i] * d_vx_x;
          m_vy_y[k][j][i] = b[k][j][i] * m_vy_y[k][j][i] + a[k][j][i] * d_vy_y;
          m_vz_z[k][j][i] = b[k][j][i] * m_vz_z[k][j][i] + a[k][j][i] * d_vz_z;
          const float ex = d_vx_x + m_vx_x[k][j][i], ey = d_vy_y + m_vy_y[k][j][i], ez = d_vz_z + m_vz_z[k][j][i];
          const float l2m = lam[k][j][i] + 2.0f * mu[k][j][i];
          sxx[k][j][i] += dt * (l2m * ex + lam[k][j][i] * (ey + ez));
          syy[k][j][i] += dt * (l2m * ey + lam[k][j][i] * (ex + ez));
          szz[k][j][i] += dt * (l2m * ez + lam[k][j][i] * (ex + ey));
        }
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++) {
          const float d_vx_y = (vx[k][j + 1][i] - vx[k][j][i]) / dx;
          const float d_vy_x = (vy[k][j][i + 1] - vy[k][j][i]) / dx;
          m_vx_y[k][j][i] = b[k][j][i] * m_vx_y[k][j][i] + a[k][j][i] * d_vx_y;
          m_vy_x[k][j][i] = b[k][j][i] * m_vy_x[k][j][i] + a[k][j][i] * d_vy_x;
          sxy[k][j][i] += dt * mu[k][j][i] * (d_vx_y + m_vx_y[k][j][i] + d_vy_x + m_vy_x[k][j][i]);
        }
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++) {
          const float d_vx_z = (vx[k + 1][j][i] - vx[k][j][i]) / dx;
          const float d_vz_x = (vz[k][j][i + 1] - vz[k][j][i]) / dx;
          m_vx_z[k][j][i] = b[k][j][i] * m_vx_z[k][j][i] + a[k][j][i] * d_vx_z;
          m_vz_x[k][j][i] = b[k][j][i] * m_vz_x[k][j][i] + a[k][j][i] * d_vz_x;
          sxz[k][j][i] += dt * mu[k][j][i] * (d_vx_z + m_vx_z[k][j][i] + d_vz_x + m_vz_x[k][j][i]);
        }
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++) {
          const float d_vy_z = (vy[k + 1][j][i] - vy[k][j][i]) / dx;
          const float d_vz_y = (vz[k][j + 1][i] - vz[k][j][i]) / dx;
          m_vy_z[k][j][i] = b[k][j][i] * m_vy_z[k][j][i] + a[k][j][i] * d_vy_z;
          m_vz_y[k][j][i] = b[k][j][i] * m_vz_y[k][j][i] + a[k][j][i] * d_vz_y;
          syz[k][j][i] += dt * mu[k][j][i] * (d_vy_z + m_vy_z[k][j][i] + d_vz_y + m_vz_y[k][j][i]);
        }
  }
}
