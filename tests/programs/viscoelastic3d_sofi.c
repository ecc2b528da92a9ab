/* 3D viscoelastic velocity-stress with one relaxation mechanism, as SOFI3D's update_v and
 * update_s_visc write it (in C, flat float arrays of run-time sizes through an index macro): the
 * velocities in one nest (the density a grid, divided by), then in one nest the 6 memory
 * variables from the velocity derivatives (relaxation scalars bm, cm), the 6 stresses reading
 * them at the cell, and the pressure the hydrophones record; the moduli and relaxation times
 * pi, u, taup, taus at the cell and the shear moduli averaged at the shear stresses' edges
 * (uipjp, ujpkp, uipkp). 16 fields written, 8 coefficient grids: stencilc's limits of 16 stages
 * and 24 grids (tests/bad/program_grids_25.c is SOFI3D's form with more grids). */
#define IDX(z, y, x) (((z) * ny + (y)) * nx + (x))

void sofi3d_visc(int nz, int ny, int nx, int nt, float dt, float dhi, float bm, float cm,
                 float *restrict vx, float *restrict vy, float *restrict vz, float *restrict sxx,
                 float *restrict syy, float *restrict szz, float *restrict sxy,
                 float *restrict syz, float *restrict sxz, float *restrict rxx,
                 float *restrict ryy, float *restrict rzz, float *restrict rxy,
                 float *restrict ryz, float *restrict rxz, float *restrict p,
                 const float *restrict rho, const float *restrict pi,
                 const float *restrict u, const float *restrict taup, const float *restrict taus,
                 const float *restrict uipjp, const float *restrict ujpkp,
                 const float *restrict uipkp) {
  for (int n = 0; n < nt; n++) {
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++) {
          const int c = IDX(k, j, i);
          vx[c] += dt * dhi / rho[c] * (sxx[c + 1] - sxx[c] + sxy[c] - sxy[c - nx] + sxz[c] - sxz[c - nx * ny]);
          vy[c] += dt * dhi / rho[c] * (sxy[c] - sxy[c - 1] + syy[c + nx] - syy[c] + syz[c] - syz[c - nx * ny]);
          vz[c] += dt * dhi / rho[c] * (sxz[c] - sxz[c - 1] + syz[c] - syz[c - nx] + szz[c + nx * ny] - szz[c]);
        }
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++) {
          const int c = IDX(k, j, i);
          const float vxx = dhi * (vx[c] - vx[c - 1]), vyy = dhi * (vy[c] - vy[c - nx]);
          const float vzz = dhi * (vz[c] - vz[c - nx * ny]);
          const float vxy = dhi * (vx[c + nx] - vx[c]), vyx = dhi * (vy[c + 1] - vy[c]);
          const float vyz = dhi * (vy[c + nx * ny] - vy[c]), vzy = dhi * (vz[c + nx] - vz[c]);
          const float vxz = dhi * (vx[c + nx * ny] - vx[c]), vzx = dhi * (vz[c + 1] - vz[c]);
          const float g = pi[c] * (1.0f + taup[c]), f = 2.0f * u[c] * (1.0f + taus[c]);
          const float d = pi[c] * taup[c], e = 2.0f * u[c] * taus[c];
          rxx[c] = bm * rxx[c] - cm * (d * (vxx + vyy + vzz) - e * (vyy + vzz));
          ryy[c] = bm * ryy[c] - cm * (d * (vxx + vyy + vzz) - e * (vxx + vzz));
          rzz[c] = bm * rzz[c] - cm * (d * (vxx + vyy + vzz) - e * (vxx + vyy));
          rxy[c] = bm * rxy[c] - cm * uipjp[c] * taus[c] * (vxy + vyx);
          ryz[c] = bm * ryz[c] - cm * ujpkp[c] * taus[c] * (vyz + vzy);
          rxz[c] = bm * rxz[c] - cm * uipkp[c] * taus[c] * (vxz + vzx);
          sxx[c] += dt * (g * (vxx + vyy + vzz) - f * (vyy + vzz) + rxx[c]);
          syy[c] += dt * (g * (vxx + vyy + vzz) - f * (vxx + vzz) + ryy[c]);
          szz[c] += dt * (g * (vxx + vyy + vzz) - f * (vxx + vyy) + rzz[c]);
          sxy[c] += dt * (uipjp[c] * (1.0f + taus[c]) * (vxy + vyx) + rxy[c]);
          syz[c] += dt * (ujpkp[c] * (1.0f + taus[c]) * (vyz + vzy) + ryz[c]);
          sxz[c] += dt * (uipkp[c] * (1.0f + taus[c]) * (vxz + vzx) + rxz[c]);
          p[c] = -(sxx[c] + syy[c] + szz[c]) / 3.0f;
        }
  }
}
