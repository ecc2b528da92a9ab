/* Rodinia's hotspot3D as computeTempOMP writes it, C89 style: the loop counters and the cell's
 * neighbour indices declared at the top of the block, the indices assigned in the loop body
 * (c = x + y * nx + z * nx * ny; w = c - 1; ...), the power grid p scaled by stepDivCap, the
 * time loop do { ... } while (++i < numiter) with the tIn / tOut pointers swapped at its end.
 * Rodinia clamps the neighbours at the faces (w = (x == 0) ? c : c - 1): this sweep updates
 * the interior only and leaves the faces as they are. */
void compute_temp(float *p, float *tIn, float *tOut, float stepDivCap, int nx, int ny, int nz,
                  float ce, float cw, float cn, float cs, float ct, float cb, float cc,
                  float amb_temp, int numiter) {
  int x, y, z;
  int i = 0;
  do {
    for (z = 1; z < nz - 1; z++)
      for (y = 1; y < ny - 1; y++)
        for (x = 1; x < nx - 1; x++) {
          int c, w, e, n, s, b, t;
          c = x + y * nx + z * nx * ny;
          w = c - 1;
          e = c + 1;
          n = c - nx;
          s = c + nx;
          b = c - nx * ny;
          t = c + nx * ny;
          tOut[c] = cc * tIn[c] + cw * tIn[w] + ce * tIn[e] + cs * tIn[s] + cn * tIn[n] +
                    cb * tIn[b] + ct * tIn[t] + stepDivCap * p[c] + ct * amb_temp;
        }
    float *temp = tIn;
    tIn = tOut;
    tOut = temp;
  } while (++i < numiter);
}
