// expect: 10:24: error: 'w' is a 1D coefficient array along axis 1 ('ix'), but this read is not 'ix' plus a constant
// hint: read a 1D coefficient array at its axis' loop variable plus a constant (damp_x[i
/* A symmetric taper read at ix and mirrored at nx - 1 - ix: a 1D coefficient array is read at
 * its axis' counter plus a constant. */
void taper(int nz, int nx, int nt, const float *w, float *u, float *v) {
  for (int t = 0; t < nt; t++) {
    for (int iz = 1; iz < nz - 1; iz++)
      for (int ix = 1; ix < nx - 1; ix++) {
        int c = iz * nx + ix;
        v[c] = w[ix] * w[nx - 1 - ix] * 0.25f * (u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx]);
      }
    float *tmp = u; u = v; v = tmp;
  }
}
