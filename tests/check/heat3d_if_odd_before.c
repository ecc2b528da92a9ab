/* A 3D heat step whose buffers are chosen by the oddness of the step (if (it & 1)), the two
 * pointers declared once before the time loop, the loop starting at 1 as in many Fortran ports. */
void heat3d(int nx, int ny, int nz, int nit, float k, float *T1, float *T2) {
  float *Tin, *Tout;
  const int sx = ny * nz, sy = nz;
  for (int it = 1; it <= nit; it++) {
    if (it & 1) {
      Tin = T1;
      Tout = T2;
    } else {
      Tin = T2;
      Tout = T1;
    }
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        for (int l = 1; l < nz - 1; l++) {
          int c = i * sx + j * sy + l;
          Tout[c] = Tin[c] + k * (Tin[c - sx] + Tin[c + sx] + Tin[c - sy] + Tin[c + sy] +
                                  Tin[c - 1] + Tin[c + 1] - 6.0f * Tin[c]);
        }
  }
}
