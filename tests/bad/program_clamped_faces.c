// expect: 16:15: error: the index 'w' of 'tIn' is chosen with ?:, a boundary condition (the neighbour clamped at the grid's face)
// hint: update the interior only, for (x = 1; x < nx - 1; x++)
/* Rodinia's hotspot3D as computeTempOMP writes it: every neighbour clamped at the faces with ?:
 * (w = (x == 0) ? c : c - 1), which is a boundary condition, not a stencil's constant offset. */
void compute_temp(float *p, float *tIn, float *tOut, float stepDivCap, int nx, int ny, int nz,
                  float ce, float cw, float cn, float cs, float ct, float cb, float cc,
                  float amb_temp, int numiter) {
  int x, y, z;
  int i = 0;
  do {
    for (z = 0; z < nz; z++)
      for (y = 0; y < ny; y++)
        for (x = 0; x < nx; x++) {
          int c, w, e, n, s, b, t;
          c = x + y * nx + z * nx * ny;
          w = (x == 0) ? c : c - 1;
          e = (x == nx - 1) ? c : c + 1;
          n = (y == 0) ? c : c - nx;
          s = (y == ny - 1) ? c : c + nx;
          b = (z == 0) ? c : c - nx * ny;
          t = (z == nz - 1) ? c : c + nx * ny;
          tOut[c] = cc * tIn[c] + cw * tIn[w] + ce * tIn[e] + cs * tIn[s] + cn * tIn[n] +
                    cb * tIn[b] + ct * tIn[t] + stepDivCap * p[c] + ct * amb_temp;
        }
    float *temp = tIn;
    tIn = tOut;
    tOut = temp;
  } while (++i < numiter);
}
