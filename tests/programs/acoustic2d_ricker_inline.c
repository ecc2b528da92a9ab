/* Seismic modelling with the Ricker wavelet computed in the time loop, as many codes inject it
 * instead of reading a precomputed array: float t = it * dt - t0; float a = pi^2 f0^2 t^2;
 * p[sz * nx + sx] += (1 - 2a) exp(-a), after the leapfrog sweep, before the pointer swap (flat
 * float arrays of run-time sizes). */
#include <math.h>
void fwd(int nt, int nz, int nx, int sz, int sx, float dt, float f0, float t0, const float *vel,
         float *p, float *pp) {
  for (int it = 0; it < nt; it++) {
    for (int iz = 1; iz < nz - 1; iz++)
      for (int ix = 1; ix < nx - 1; ix++) {
        int k = iz * nx + ix;
        pp[k] = 2.0f * p[k] - pp[k] +
                vel[k] * (p[k + 1] + p[k - 1] + p[k + nx] + p[k - nx] - 4.0f * p[k]);
      }
    float t = it * dt - t0;
    float a = M_PI * M_PI * f0 * f0 * t * t;
    pp[sz * nx + sx] += (1.0f - 2.0f * a) * expf(-a);
    float *tmp = p;
    p = pp;
    pp = tmp;
  }
}
