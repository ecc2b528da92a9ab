/* Rodinia's hotspot3D as its OpenMP version (3D.c, computeTempOMP) writes it: the seven
 * coefficients are locals assigned before the time loop from the thermal parameters
 * (ce = cw = stepDivCap / Rx; ... cc = 1.0 - (...)), the power grid is scaled by dt / Cap in the
 * update, the ambient temperature is the global amb_temp, the time loop counts to numiter and
 * swaps tIn_t / tOut_t (Rodinia's is a do-while, which stencil programs do not read yet). Flat float arrays c = x + y * nx + z * nx * ny (the
 * loop counters and the neighbours' indices declared with their values: Rodinia declares them
 * first, int z; ... int c, w, ...; then assigns them, which stencil programs do not read yet). Rodinia clamps the neighbours at the faces
 * (w = (x == 0) ? c : c - 1), which stencilc refuses (not affine): this step updates the
 * interior. */
float amb_temp = 80.0;

void computeTempOMP(float *pIn, float *tIn, float *tOut, int nx, int ny, int nz, float Cap,
                    float Rx, float Ry, float Rz, float dt, int numiter) {
  float ce, cw, cn, cs, ct, cb, cc;
  float stepDivCap = dt / Cap;
  ce = cw = stepDivCap / Rx;
  cn = cs = stepDivCap / Ry;
  ct = cb = stepDivCap / Rz;

  cc = 1.0 - (2.0 * ce + 2.0 * cn + 3.0 * ct);

  float *tIn_t = tIn;
  float *tOut_t = tOut;
  for (int count = 0; count < numiter; count++) {
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++) {
          int c = x + y * nx + z * nx * ny;
          int w = c - 1, e = c + 1, n = c - nx, s = c + nx, b = c - nx * ny, t = c + nx * ny;
          tOut_t[c] = cc * tIn_t[c] + cw * tIn_t[w] + ce * tIn_t[e] + cs * tIn_t[s] +
                      cn * tIn_t[n] + cb * tIn_t[b] + ct * tIn_t[t] + (dt / Cap) * pIn[c] +
                      ct * amb_temp;
        }
    float *t = tIn_t;
    tIn_t = tOut_t;
    tOut_t = t;
  }
}
