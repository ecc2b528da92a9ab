/* Rodinia's hotspot3D as its OpenMP version (3D.c, computeTempOMP) ships its time loop: inside
 * #pragma omp parallel { ... }, each thread declares its own count, tIn_t and tOut_t, the
 * step's nest is shared by #pragma omp for (its implicit barrier ends the sweep), every thread
 * swaps its own pointers and counts, do { ... } while (count < numiter); the counters and the
 * neighbours' indices declared first (int z; ... int c, w, ...;) and assigned; the seven
 * coefficients assigned in a chain before the region (ce = cw = stepDivCap / Rx; ...).
 * Rodinia clamps the neighbours at the faces (w = (x == 0) ? c : c - 1), which stencilc refuses
 * (not affine): this step updates the interior. */
float amb_temp = 80.0;

void computeTempOMP(float *pIn, float *tIn, float *tOut, int nx, int ny, int nz, float Cap,
                    float Rx, float Ry, float Rz, float dt, int numiter) {
  float ce, cw, cn, cs, ct, cb, cc;
  float stepDivCap = dt / Cap;
  ce = cw = stepDivCap / Rx;
  cn = cs = stepDivCap / Ry;
  ct = cb = stepDivCap / Rz;

  cc = 1.0 - (2.0 * ce + 2.0 * cn + 3.0 * ct);

#pragma omp parallel
  {
    int count = 0;
    float *tIn_t = tIn;
    float *tOut_t = tOut;

    do {
      int z;
#pragma omp for
      for (z = 1; z < nz - 1; z++) {
        int y;
        for (y = 1; y < ny - 1; y++) {
          int x;
          for (x = 1; x < nx - 1; x++) {
            int c, w, e, n, s, b, t;
            c = x + y * nx + z * nx * ny;
            w = c - 1;
            e = c + 1;
            n = c - nx;
            s = c + nx;
            b = c - nx * ny;
            t = c + nx * ny;
            tOut_t[c] = cc * tIn_t[c] + cw * tIn_t[w] + ce * tIn_t[e] + cs * tIn_t[s] +
                        cn * tIn_t[n] + cb * tIn_t[b] + ct * tIn_t[t] + (dt / Cap) * pIn[c] +
                        ct * amb_temp;
          }
        }
      }
      float *t = tIn_t;
      tIn_t = tOut_t;
      tOut_t = t;
      count++;
    } while (count < numiter);
  }
}
