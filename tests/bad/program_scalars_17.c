// expect: 22:76: error: 'leak' is run-time scalar 17 of the time loop; a stencil program reads at most 16 (float or double parameters and values computed before the loop)
/* hotspot3D (tests/programs/hotspot3d.c) widened to a 13-point star, one coefficient per point,
 * the ambient temperature through the top and the bottom faces and a leak: 17 float parameters
 * read in the time loop, one more than a stencil program takes. */
void hotspot_r2(float *p, float *tIn, float *tOut, float stepDivCap, int nx, int ny, int nz,
                float ce, float cw, float cn, float cs, float ct, float cb, float cc, float ce2,
                float cw2, float cn2, float cs2, float ct2, float cb2, float amb_top,
                float amb_bottom, float leak, int numiter) {
  float *tIn_t = tIn;
  float *tOut_t = tOut;
  for (int count = 0; count < numiter; count++) {
    for (int z = 2; z < nz - 2; z++)
      for (int y = 2; y < ny - 2; y++)
        for (int x = 2; x < nx - 2; x++) {
          int c = x + y * nx + z * nx * ny;
          int row = nx, plane = nx * ny;
          tOut_t[c] = cc * tIn_t[c] + cw * tIn_t[c - 1] + ce * tIn_t[c + 1] +
                      cs * tIn_t[c + row] + cn * tIn_t[c - row] + cb * tIn_t[c - plane] +
                      ct * tIn_t[c + plane] + cw2 * tIn_t[c - 2] + ce2 * tIn_t[c + 2] +
                      cs2 * tIn_t[c + 2 * row] + cn2 * tIn_t[c - 2 * row] +
                      cb2 * tIn_t[c - 2 * plane] + ct2 * tIn_t[c + 2 * plane] +
                      stepDivCap * p[c] + ct * amb_top + cb * amb_bottom - leak * tIn_t[c];
        }
    float *temp = tIn_t;
    tIn_t = tOut_t;
    tOut_t = temp;
  }
}
