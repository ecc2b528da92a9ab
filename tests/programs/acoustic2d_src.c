/* 2D acoustic modelling with its shot, as seismic codes write it: second order in space and
 * time on flat float arrays of run-time sizes, three arrays rotated by pointer, and the point
 * source: the wavelet's sample of the step scaled by dt^2 added at the shot's cell (sz, sx)
 * after the sweep, before the swap. */
void acoustic2d(int nx, int nz, int nt, int sx, int sz, float dt2, const float *vel,
                const float *wavelet, float *p_prev, float *p, float *p_next) {
  for (int it = 0; it < nt; it++) {
    for (int iz = 1; iz < nz - 1; iz++)
      for (int ix = 1; ix < nx - 1; ix++)
        p_next[iz * nx + ix] = 2.0f * p[iz * nx + ix] - p_prev[iz * nx + ix] +
            vel[iz * nx + ix] * (p[iz * nx + ix + 1] + p[iz * nx + ix - 1] + p[(iz + 1) * nx + ix] +
                                 p[(iz - 1) * nx + ix] - 4.0f * p[iz * nx + ix]);
    p_next[sz * nx + sx] += dt2 * wavelet[it]; /* the point source */
    float *tmp = p_prev;
    p_prev = p;
    p = p_next;
    p_next = tmp;
  }
}
