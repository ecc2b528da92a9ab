// expect: 13:61: error: the point source reads 'vel' without the time loop's 'it' in its index
/* The wavelet scaled by the velocity at the shot's cell, read from the model grid: refused (the
 * source's value takes scalars and the source array; fold vel[src] into a scalar). */
void fwd3d(int nx, int ny, int nz, int nt, int sx, int sy, int sz, double dt, const double *vel,
           const double *wavelet, double *pm, double *p, double *pp) {
  for (int it = 0; it < nt; it++) {
    for (int iz = 1; iz < nz - 1; iz++)
      for (int iy = 1; iy < ny - 1; iy++)
        for (int ix = 1; ix < nx - 1; ix++) {
          int c = (iz * ny + iy) * nx + ix;
          pp[c] = 2.0 * p[c] - pm[c] + vel[c] * (p[c - 1] + p[c + 1] + p[c - nx] + p[c + nx] + p[c - nx * ny] + p[c + nx * ny] - 6.0 * p[c]);
        }
    pp[(sz * ny + sy) * nx + sx] += wavelet[it] * dt * dt * vel[(sz * ny + sy) * nx + sx];
    double *tmp = pm;
    pm = p;
    p = pp;
    pp = tmp;
  }
}
