// expect: 7:5: error: an update of one element of 'p' before the stage that writes it: stencilc takes point sources after that stage only
/* The wavelet added to the current level before the sweep reads it: refused (the source after
 * the stages, into the level they wrote, is taken: tests/programs/acoustic2d_src.c). */
void fwd(int nz, int nx, int nt, int sz, int sx, float dt2, float *pm, float *p, float *pn,
         const float *vel, const float *wavelet) {
  for (int it = 0; it < nt; it++) {
    p[sz * nx + sx] += wavelet[it] * dt2;
    for (int i = 1; i < nz - 1; i++)
      for (int j = 1; j < nx - 1; j++) {
        int c = i * nx + j;
        float lap = p[c - nx] + p[c + nx] + p[c - 1] + p[c + 1] - 4.0f * p[c];
        pn[c] = 2.0f * p[c] - pm[c] + vel[c] * lap;
      }
    float *tmp = pm;
    pm = p;
    p = pn;
    pn = tmp;
  }
}
