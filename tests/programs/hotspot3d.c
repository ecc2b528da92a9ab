/* Rodinia's hotspot3D: the chip's temperature in 3D, a 7-point update of flat float arrays
 * indexed c = x + y * nx + z * nx * ny (x fastest), each neighbour with its own coefficient
 * (cc, cw, ce, cs, cn, cb, ct, as the CUDA kernel hotspotOpt1 takes them), the power grid p
 * scaled by stepDivCap, the ambient temperature amb_temp through the top coefficient, and the
 * tIn_t / tOut_t pointers swapped after each step. Rodinia clamps the neighbours at the faces
 * (w = (x == 0) ? c : c - 1); stencilc refuses such conditional indices (not affine), so this
 * step updates the interior and leaves the faces as they are. */
void hotspot_opt1(float *p, float *tIn, float *tOut, float stepDivCap, int nx, int ny, int nz,
                  float ce, float cw, float cn, float cs, float ct, float cb, float cc,
                  float amb_temp, int numiter) {
  float *tIn_t = tIn;
  float *tOut_t = tOut;
  for (int count = 0; count < numiter; count++) {
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++) {
          int c = x + y * nx + z * nx * ny;
          int w = c - 1;
          int e = c + 1;
          int n = c - nx;
          int s = c + nx;
          int b = c - nx * ny;
          int t = c + nx * ny;
          tOut_t[c] = cc * tIn_t[c] + cw * tIn_t[w] + ce * tIn_t[e] + cs * tIn_t[s] +
                      cn * tIn_t[n] + cb * tIn_t[b] + ct * tIn_t[t] + stepDivCap * p[c] +
                      ct * amb_temp;
        }
    float *temp = tIn_t;
    tIn_t = tOut_t;
    tOut_t = temp;
  }
}
