// expect: 46:39: error: more than 24 grids (coefficient grids included)
// hint: fold coefficient grids that are read together into one before the time loop (b[i] = dt / rho[i]; then b[i] in the stages)
/* 3D viscoelastic velocity-stress with one relaxation mechanism, as SOFI3D's update_v and
 * update_s_visc write it (in C, flat float arrays through an index macro): 9 wavefields and 6
 * memory variables (15 stages), the densities averaged at the velocities' positions (rip, rjp,
 * rkp), the moduli and relaxation times at the cell (pi, u, taup, taus) and the shear ones at
 * each shear stress's edge (uipjp, ujpkp, uipkp, tausipjp, tausjpkp, tausipkp): 28 grids.
 * stencilc takes 24: the 25th, ujpkp read for ryz, is refused. */
#define IDX(z, y, x) (((z) * ny + (y)) * nx + (x))

void sofi3d_visc(int nz, int ny, int nx, int nt, float dt, float dhi, float bm, float cm,
                 float *restrict vx, float *restrict vy, float *restrict vz, float *restrict sxx,
                 float *restrict syy, float *restrict szz, float *restrict sxy,
                 float *restrict syz, float *restrict sxz, float *restrict rxx,
                 float *restrict ryy, float *restrict rzz, float *restrict rxy,
                 float *restrict ryz, float *restrict rxz, const float *restrict rip,
                 const float *restrict rjp, const float *restrict rkp, const float *restrict pi,
                 const float *restrict u, const float *restrict taup, const float *restrict taus,
                 const float *restrict uipjp, const float *restrict ujpkp,
                 const float *restrict uipkp, const float *restrict tausipjp,
                 const float *restrict tausjpkp, const float *restrict tausipkp) {
  for (int n = 0; n < nt; n++) {
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++) {
          const int c = IDX(k, j, i);
          vx[c] += dt * dhi / rip[c] * (sxx[c + 1] - sxx[c] + sxy[c] - sxy[c - nx] + sxz[c] - sxz[c - nx * ny]);
          vy[c] += dt * dhi / rjp[c] * (sxy[c] - sxy[c - 1] + syy[c + nx] - syy[c] + syz[c] - syz[c - nx * ny]);
          vz[c] += dt * dhi / rkp[c] * (sxz[c] - sxz[c - 1] + syz[c] - syz[c - nx] + szz[c + nx * ny] - szz[c]);
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
          rxy[c] = bm * rxy[c] - cm * uipjp[c] * tausipjp[c] * (vxy + vyx);
          ryz[c] = bm * ryz[c] - cm * ujpkp[c] * tausjpkp[c] * (vyz + vzy);
          rxz[c] = bm * rxz[c] - cm * uipkp[c] * tausipkp[c] * (vxz + vzx);
          sxx[c] += dt * (g * (vxx + vyy + vzz) - f * (vyy + vzz) + rxx[c]);
          syy[c] += dt * (g * (vxx + vyy + vzz) - f * (vxx + vzz) + ryy[c]);
          szz[c] += dt * (g * (vxx + vyy + vzz) - f * (vxx + vyy) + rzz[c]);
          sxy[c] += dt * (uipjp[c] * (1.0f + tausipjp[c]) * (vxy + vyx) + rxy[c]);
          syz[c] += dt * (ujpkp[c] * (1.0f + tausjpkp[c]) * (vyz + vzy) + ryz[c]);
          sxz[c] += dt * (uipkp[c] * (1.0f + tausipkp[c]) * (vxz + vzx) + rxz[c]);
        }
  }
}
