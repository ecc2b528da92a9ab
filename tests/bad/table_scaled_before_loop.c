// expect: 12:28: error: reads the table 'c', whose values the loops cannot take as constants: an element of it is assigned, or the array itself is used (passed to a call, kept in a pointer), where it is in scope
// hint: declare the table const (static const float c[5] = {...}), or keep its values unchanged in the function: read it only as c[k]
/* The table is scaled before the time loop: its values are not its initializer's, so stencilc
 * must not bake the initializer in. */
void prop(int nz, int nx, int nt, float dt2, const float *vel, float *pold, float *pcur) {
  float c[3] = {-2.5f, 1.333333f, -0.083333f};
  for (int r = 0; r < 3; r++) c[r] *= dt2;
  for (int it = 0; it < nt; it++) {
    for (int iz = 2; iz < nz - 2; iz++)
      for (int ix = 2; ix < nx - 2; ix++) {
        int i = iz * nx + ix;
        float lap = 2.0f * c[0] * pcur[i];
        for (int r = 1; r <= 2; r++)
          lap += c[r] * (pcur[i + r] + pcur[i - r] + pcur[i + r * nx] + pcur[i - r * nx]);
        pold[i] = 2.0f * pcur[i] - pold[i] + vel[i] * vel[i] * lap;
      }
    float *t = pold;
    pold = pcur;
    pcur = t;
  }
}
