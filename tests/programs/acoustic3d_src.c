/* 3D acoustic modelling in double with its shot, as seismic codes write it: second order in
 * time, fourth in space, flat arrays of run-time sizes indexed (iz * ny + iy) * nx + ix, the
 * squared velocity times dt^2 / h^2 per cell, a time loop counted from 1 as Fortran-minded codes
 * do, and the wavelet, scaled by dt^2, added at the shot's cell (sz, sy, sx) after the sweep.
 * (The source term here takes scalars only: a code that scales it by vel[src] at the shot's
 * cell folds that value into dt2 first.) */
void fwd3d(int nx, int ny, int nz, int nt, int sx, int sy, int sz, double dt, const double *v2,
           const double *wavelet, double *pm, double *p, double *pp) {
  const double c0 = -2.5, c1 = 4.0 / 3.0, c2 = -1.0 / 12.0;
  for (int it = 1; it <= nt; it++) {
    for (int iz = 2; iz < nz - 2; iz++)
      for (int iy = 2; iy < ny - 2; iy++)
        for (int ix = 2; ix < nx - 2; ix++) {
          int idx = (iz * ny + iy) * nx + ix;
          double lap = 3.0 * c0 * p[idx] +
                       c1 * (p[idx + 1] + p[idx - 1] + p[idx + nx] + p[idx - nx] +
                             p[idx + nx * ny] + p[idx - nx * ny]) +
                       c2 * (p[idx + 2] + p[idx - 2] + p[idx + 2 * nx] + p[idx - 2 * nx] +
                             p[idx + 2 * nx * ny] + p[idx - 2 * nx * ny]);
          pp[idx] = 2.0 * p[idx] - pm[idx] + v2[idx] * lap;
        }
    pp[(sz * ny + sy) * nx + sx] += wavelet[it - 1] * dt * dt;
    double *tmp = pm;
    pm = p;
    p = pp;
    pp = tmp;
  }
}
