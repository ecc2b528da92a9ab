// expect: 13:5: error: an update of one element of 'pn' in the time loop, beside the sweep (a point source, such as a wavelet added each step)
/* Seismic forward modelling injects a source wavelet at one cell after each step's sweep: not
 * taken yet, and refused rather than dropped. */
void fwd(int nz, int nx, int nt, int sz, int sx, float dt2, float *pm, float *p, float *pn,
         const float *vel, const float *wavelet) {
  for (int it = 0; it < nt; it++) {
    for (int i = 1; i < nz - 1; i++)
      for (int j = 1; j < nx - 1; j++) {
        int c = i * nx + j;
        float lap = p[c - nx] + p[c + nx] + p[c - 1] + p[c + 1] - 4.0f * p[c];
        pn[c] = 2.0f * p[c] - pm[c] + vel[c] * lap;
      }
    pn[sz * nx + sx] += wavelet[it] * dt2;
    float *tmp = pm;
    pm = p;
    p = pn;
    pn = tmp;
  }
}
