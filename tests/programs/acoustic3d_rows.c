/* 3D acoustic leapfrog (two buffers, the new level overwriting the oldest) on flat double arrays,
 * radius 2, the cell reached through a pointer to its row (c = &p[(iz * ny + iy) * nx]) read at
 * c[ix +- 1], c[ix +- nx] and c[ix +- plane], the model m through its own row pointer. */
void acoustic3d(long nz, long ny, long nx, int nt, double *pold, double *p, const double *m) {
  const long plane = nx * ny;
  for (int it = 0; it < nt; it++) {
    for (long iz = 2; iz < nz - 2; iz++)
      for (long iy = 2; iy < ny - 2; iy++) {
        const double *c = &p[(iz * ny + iy) * nx];
        const double *mr = m + (iz * ny + iy) * nx;
        double *o = pold + (iz * ny + iy) * nx;
        for (long ix = 2; ix < nx - 2; ix++) {
          double lap = -7.5 * c[ix] +
                       4.0 / 3.0 * (c[ix - 1] + c[ix + 1] + c[ix - nx] + c[ix + nx] +
                                    c[ix - plane] + c[ix + plane]) -
                       1.0 / 12.0 * (c[ix - 2] + c[ix + 2] + c[ix - 2 * nx] + c[ix + 2 * nx] +
                                     c[ix - 2 * plane] + c[ix + 2 * plane]);
          o[ix] = 2.0 * c[ix] - o[ix] + mr[ix] * lap;
        }
      }
    double *tmp = pold;
    pold = p;
    p = tmp;
  }
}
