/* 3D acoustic modelling, 8th order in space, as seismic codes write it: flat float arrays of
 * run-time sizes (x fastest), the cell's index i = (iz * ny + iy) * nx + ix, one radius loop
 * reading the three axes at i + r, i + r * nx and i + r * nx * ny, the coefficients a const
 * local table, the velocity squared in the update (vel[i] * vel[i] * dt * dt, unit spacing)
 * and three wavefields rotated by pointer. */
#define R 4

void acoustic3d(int nz, int ny, int nx, int nt, float dt, float *pprev, float *p, float *pnext,
                const float *vel) {
  const float c[R + 1] = {-2.847222222f, 1.6f, -0.2f, 0.0253968254f, -0.0017857143f};
  for (int it = 0; it < nt; it++) {
    for (int iz = R; iz < nz - R; iz++)
      for (int iy = R; iy < ny - R; iy++)
        for (int ix = R; ix < nx - R; ix++) {
          int i = (iz * ny + iy) * nx + ix;
          float lap = 3.0f * c[0] * p[i];
          for (int r = 1; r <= R; r++)
            lap += c[r] * (p[i + r] + p[i - r] + p[i + r * nx] + p[i - r * nx] +
                           p[i + r * nx * ny] + p[i - r * nx * ny]);
          pnext[i] = 2.0f * p[i] - pprev[i] + vel[i] * vel[i] * dt * dt * lap;
        }
    float *t = pprev;
    pprev = p;
    p = pnext;
    pnext = t;
  }
}
