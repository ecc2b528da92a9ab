/* 3D acoustic modelling with the Ricker wavelet computed first in each step, before the sweep
 * (double arg = M_PI * f0 * (it * dt - t0); double amp = (1 - 2 arg^2) exp(-arg^2);), then
 * added after it at the shot's cell scaled by dt^2: p[(sz * ny + sy) * nx + sx] += dt * dt * amp
 * (flat double arrays of run-time sizes, two levels swapped by pointer). */
#include <math.h>
void fwd3d(int nt, int nz, int ny, int nx, int sz, int sy, int sx, double dt, double f0,
           double t0, const double *v2, double *p, double *pp) {
  const long plane = (long)ny * nx;
  for (int it = 0; it < nt; it++) {
    double arg = M_PI * f0 * (it * dt - t0);
    double amp = (1.0 - 2.0 * arg * arg) * exp(-arg * arg);
    for (int iz = 1; iz < nz - 1; iz++)
      for (int iy = 1; iy < ny - 1; iy++)
        for (int ix = 1; ix < nx - 1; ix++) {
          long i = iz * plane + (long)iy * nx + ix;
          pp[i] = 2.0 * p[i] - pp[i] + v2[i] * (p[i + 1] + p[i - 1] + p[i + nx] + p[i - nx] +
                                                p[i + plane] + p[i - plane] - 6.0 * p[i]);
        }
    pp[(sz * ny + sy) * nx + sx] += dt * dt * amp;
    double *tmp = p;
    p = pp;
    pp = tmp;
  }
}
