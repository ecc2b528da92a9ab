/* 3D elastic velocity-stress modelling as SOFI3D writes its update_v and update_s: fourth-order
 * staggered differences (b1 = 9 / 8, b2 = -1 / 24) of flat float arrays of run-time sizes through
 * an index macro, the three velocities in one loop nest from the stress derivatives divided by
 * the density, then the six stresses in one nest from the velocity derivatives (temporaries the
 * stresses share, pi = lambda + 2 mu and u = mu as the media grids), dt and 1 / h as scalars. */
#define IDX(z, y, x) (((z) * ny + (y)) * nx + (x))
#define B1 (9.0f / 8.0f)
#define B2 (-1.0f / 24.0f)

void sofi3d_step(int nz, int ny, int nx, int nt, float dt, float dhi, float *restrict vx,
                 float *restrict vy, float *restrict vz, float *restrict sxx, float *restrict syy,
                 float *restrict szz, float *restrict sxy, float *restrict syz, float *restrict sxz,
                 const float *restrict rho, const float *restrict pi, const float *restrict u) {
  for (int nt_i = 0; nt_i < nt; nt_i++) {
    for (int k = 2; k < nz - 2; k++)
      for (int j = 2; j < ny - 2; j++)
        for (int i = 2; i < nx - 2; i++) {
          const float sxx_x = dhi * (B1 * (sxx[IDX(k, j, i + 1)] - sxx[IDX(k, j, i)]) +
                                     B2 * (sxx[IDX(k, j, i + 2)] - sxx[IDX(k, j, i - 1)]));
          const float sxy_y = dhi * (B1 * (sxy[IDX(k, j, i)] - sxy[IDX(k, j - 1, i)]) +
                                     B2 * (sxy[IDX(k, j + 1, i)] - sxy[IDX(k, j - 2, i)]));
          const float sxz_z = dhi * (B1 * (sxz[IDX(k, j, i)] - sxz[IDX(k - 1, j, i)]) +
                                     B2 * (sxz[IDX(k + 1, j, i)] - sxz[IDX(k - 2, j, i)]));
          const float sxy_x = dhi * (B1 * (sxy[IDX(k, j, i)] - sxy[IDX(k, j, i - 1)]) +
                                     B2 * (sxy[IDX(k, j, i + 1)] - sxy[IDX(k, j, i - 2)]));
          const float syy_y = dhi * (B1 * (syy[IDX(k, j + 1, i)] - syy[IDX(k, j, i)]) +
                                     B2 * (syy[IDX(k, j + 2, i)] - syy[IDX(k, j - 1, i)]));
          const float syz_z = dhi * (B1 * (syz[IDX(k, j, i)] - syz[IDX(k - 1, j, i)]) +
                                     B2 * (syz[IDX(k + 1, j, i)] - syz[IDX(k - 2, j, i)]));
          const float sxz_x = dhi * (B1 * (sxz[IDX(k, j, i)] - sxz[IDX(k, j, i - 1)]) +
                                     B2 * (sxz[IDX(k, j, i + 1)] - sxz[IDX(k, j, i - 2)]));
          const float syz_y = dhi * (B1 * (syz[IDX(k, j, i)] - syz[IDX(k, j - 1, i)]) +
                                     B2 * (syz[IDX(k, j + 1, i)] - syz[IDX(k, j - 2, i)]));
          const float szz_z = dhi * (B1 * (szz[IDX(k + 1, j, i)] - szz[IDX(k, j, i)]) +
                                     B2 * (szz[IDX(k + 2, j, i)] - szz[IDX(k - 1, j, i)]));
          vx[IDX(k, j, i)] += (sxx_x + sxy_y + sxz_z) * dt / rho[IDX(k, j, i)];
          vy[IDX(k, j, i)] += (sxy_x + syy_y + syz_z) * dt / rho[IDX(k, j, i)];
          vz[IDX(k, j, i)] += (sxz_x + syz_y + szz_z) * dt / rho[IDX(k, j, i)];
        }
    for (int k = 2; k < nz - 2; k++)
      for (int j = 2; j < ny - 2; j++)
        for (int i = 2; i < nx - 2; i++) {
          const int c = IDX(k, j, i);
          const float vxx = dhi * (B1 * (vx[c] - vx[c - 1]) + B2 * (vx[c + 1] - vx[c - 2]));
          const float vyy = dhi * (B1 * (vy[c] - vy[c - nx]) + B2 * (vy[c + nx] - vy[c - 2 * nx]));
          const float vzz = dhi * (B1 * (vz[c] - vz[c - nx * ny]) + B2 * (vz[c + nx * ny] - vz[c - 2 * nx * ny]));
          const float vxy = dhi * (B1 * (vx[c + nx] - vx[c]) + B2 * (vx[c + 2 * nx] - vx[c - nx]));
          const float vyx = dhi * (B1 * (vy[c + 1] - vy[c]) + B2 * (vy[c + 2] - vy[c - 1]));
          const float vxz = dhi * (B1 * (vx[c + nx * ny] - vx[c]) + B2 * (vx[c + 2 * nx * ny] - vx[c - nx * ny]));
          const float vzx = dhi * (B1 * (vz[c + 1] - vz[c]) + B2 * (vz[c + 2] - vz[c - 1]));
          const float vyz = dhi * (B1 * (vy[c + nx * ny] - vy[c]) + B2 * (vy[c + 2 * nx * ny] - vy[c - nx * ny]));
          const float vzy = dhi * (B1 * (vz[c + nx] - vz[c]) + B2 * (vz[c + 2 * nx] - vz[c - nx]));
          const float g = pi[c] * (vxx + vyy + vzz) * dt;
          const float f = 2.0f * u[c] * dt;
          sxx[c] += g - f * (vyy + vzz);
          syy[c] += g - f * (vxx + vzz);
          szz[c] += g - f * (vxx + vyy);
          sxy[c] += u[c] * (vxy + vyx) * dt;
          syz[c] += u[c] * (vyz + vzy) * dt;
          sxz[c] += u[c] * (vxz + vzx) * dt;
        }
  }
}
