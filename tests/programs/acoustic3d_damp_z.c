/* 3D acoustic leapfrog on flat double arrays with an absorbing layer at the bottom only, a
 * damping profile along depth (damp[iz]: 1 down to the layer, then decaying), as land and marine
 * codes with a free surface on top write it: long indices, the plane's stride computed first,
 * radius 2 (fourth order in space). */
void fwd3d_damp(long nz, long ny, long nx, int nt, double *u, double *um, const double *vel2,
                const double *damp) {
  const long plane = nx * ny;
  const double c0 = -7.5, c1 = 4.0 / 3.0, c2 = -1.0 / 12.0;
  for (int it = 0; it < nt; it++) {
    for (long iz = 2; iz < nz - 2; iz++)
      for (long iy = 2; iy < ny - 2; iy++)
        for (long ix = 2; ix < nx - 2; ix++) {
          long i = iz * plane + iy * nx + ix;
          double lap = c0 * u[i] + c1 * (u[i - 1] + u[i + 1] + u[i - nx] + u[i + nx] + u[i - plane] + u[i + plane]) +
                       c2 * (u[i - 2] + u[i + 2] + u[i - 2 * nx] + u[i + 2 * nx] + u[i - 2 * plane] + u[i + 2 * plane]);
          um[i] = damp[iz] * (2.0 * u[i] - damp[iz] * um[i] + vel2[i] * lap);
        }
    double *t = um;
    um = u;
    u = t;
  }
}
