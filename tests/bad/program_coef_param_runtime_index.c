// expect: 11:23: error: the subscript of the coefficient array 'c' is neither a constant nor a radius loop's variable
// hint: pass the coefficients as a float or double array of constant inner sizes, read at constants or radius loops' variables (const float c[R + 1] read as c[0] and c[r], const float w[3][3] read as w[a + 1][b + 1]), or as scalars
/* The coefficient array is read at an index known only at run time (the order the caller asks
 * for), so which weight each point gets is not known when the program is generated. */
void wave(int nz, int nx, int nt, int half, const float *c, const float *vel, float *pold,
          float *pcur) {
  for (int it = 0; it < nt; it++) {
    for (int iz = 2; iz < nz - 2; iz++)
      for (int ix = 2; ix < nx - 2; ix++) {
        int i = iz * nx + ix;
        float lap = c[half] * pcur[i] + c[1] * (pcur[i + 1] + pcur[i - 1] + pcur[i + nx] + pcur[i - nx]) +
                    c[2] * (pcur[i + 2] + pcur[i - 2] + pcur[i + 2 * nx] + pcur[i - 2 * nx]);
        pold[i] = 2.0f * pcur[i] - pold[i] + vel[i] * lap;
      }
    float *t = pold;
    pold = pcur;
    pcur = t;
  }
}
