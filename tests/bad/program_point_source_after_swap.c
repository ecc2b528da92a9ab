// expect: 14:5: error: an update of one element of 'p' after the pointer swap: stencilc takes point sources between the stages and the swap only
/* The source added after the pointer swap (to p, which now holds the new level): refused; add it
 * to the new level before the swap. */
void fwd(int nz, int nx, int nt, int sz, int sx, float dt2, float *pm, float *p, float *pn,
         const float *vel, const float *wavelet) {
  for (int it = 0; it < nt; it++) {
    for (int i = 1; i < nz - 1; i++)
      for (int j = 1; j < nx - 1; j++)
        pn[i * nx + j] = 2.0f * p[i * nx + j] - pm[i * nx + j] + vel[i * nx + j] *
            (p[i * nx + j - nx] + p[i * nx + j + nx] + p[i * nx + j - 1] + p[i * nx + j + 1] - 4.0f * p[i * nx + j]);
    float *tmp = pm;
    pm = p;
    p = pn;
    p[sz * nx + sx] += dt2 * wavelet[it];
    pn = tmp;
  }
}
