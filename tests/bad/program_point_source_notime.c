// expect: 11:31: error: the point source reads 'wavelet' without the time loop's 'it' in its index
/* A source array read at the shot's index, not at the time step: refused (a source's value
 * comes from one array indexed by the time step). */
void fwd(int nz, int nx, int nt, int sz, int sx, int isrc, float dt2, float *pm, float *p,
         float *pn, const float *vel, const float *wavelet) {
  for (int it = 0; it < nt; it++) {
    for (int i = 1; i < nz - 1; i++)
      for (int j = 1; j < nx - 1; j++)
        pn[i * nx + j] = 2.0f * p[i * nx + j] - pm[i * nx + j] + vel[i * nx + j] *
            (p[i * nx + j - nx] + p[i * nx + j + nx] + p[i * nx + j - 1] + p[i * nx + j + 1] - 4.0f * p[i * nx + j]);
    pn[sz * nx + sx] += dt2 * wavelet[isrc];
    float *tmp = pm;
    pm = p;
    p = pn;
    pn = tmp;
  }
}
