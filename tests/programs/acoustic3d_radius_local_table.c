/* 3D acoustic modelling as many seismic codes write it: the 8th-order coefficients in a local
 * table without const (the code never changes them), one radius loop over the three axes of
 * flat float arrays, the older wavefield overwritten in place by the new one, then swapped. */
#define R 4

void fwd3d(int nz, int ny, int nx, int nt, const float *vdt2, float *pold, float *pcur) {
  float coef[R + 1] = {-205.0f / 72.0f, 8.0f / 5.0f, -1.0f / 5.0f, 8.0f / 315.0f, -1.0f / 560.0f};
  const long plane = (long)nx * ny;
  for (int it = 0; it < nt; it++) {
    for (int iz = R; iz < nz - R; iz++)
      for (int iy = R; iy < ny - R; iy++)
        for (int ix = R; ix < nx - R; ix++) {
          long i = iz * plane + (long)iy * nx + ix;
          float lap = 3.0f * coef[0] * pcur[i];
          for (int r = 1; r < (int)(sizeof coef / sizeof coef[0]); r++)
            lap += coef[r] * (pcur[i + r] + pcur[i - r] + pcur[i + r * nx] + pcur[i - r * nx] +
                              pcur[i + r * plane] + pcur[i - r * plane]);
          pold[i] = 2.0f * pcur[i] - pold[i] + vdt2[i] * lap;
        }
    float *t = pold;
    pold = pcur;
    pcur = t;
  }
}
