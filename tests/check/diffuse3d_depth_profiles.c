/* 3D diffusion on a flat float grid with a diffusivity by depth (kdepth[iz], a pointer the caller
 * fills) and a grid spacing that grows with depth (rdz2[iz] = 1 / dz(iz)^2) beside the uniform
 * horizontal one, the cell's index computed first, the result copied back. */
void diffuse3d(int nz, int ny, int nx, int nt, float dt, float *u, float *v, const float *kdepth,
               const float *rdz2) {
  for (int t = 0; t < nt; t++) {
    for (int iz = 1; iz < nz - 1; iz++)
      for (int iy = 1; iy < ny - 1; iy++)
        for (int ix = 1; ix < nx - 1; ix++) {
          int c = (iz * ny + iy) * nx + ix;
          float lh = u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx] - 4.0f * u[c];
          float lz = (u[c - nx * ny] - 2.0f * u[c] + u[c + nx * ny]) * rdz2[iz];
          v[c] = u[c] + dt * kdepth[iz] * (lh + lz);
        }
    for (int iz = 1; iz < nz - 1; iz++)
      for (int iy = 1; iy < ny - 1; iy++)
        for (int ix = 1; ix < nx - 1; ix++) {
          int c = (iz * ny + iy) * nx + ix;
          u[c] = v[c];
        }
  }
}
