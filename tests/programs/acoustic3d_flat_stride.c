/* 3D acoustic wave in the leapfrog form: two flat double arrays, the new level overwriting
 * t - 1 in place, sizes nx, ny, nz at run time, long indices, the plane's stride computed once
 * (stride_z = nx * ny) and the cell's index from it; the model m holds v^2 dt^2 / h^2. */
void fwd3d(long nx, long ny, long nz, int nt, double *restrict p, double *restrict pm,
           const double *restrict m) {
  const long stride_z = nx * ny;
  const double w0 = -7.5, w1 = 4.0 / 3.0, w2 = -1.0 / 12.0;
  for (int t = 0; t < nt; t++) {
    for (long iz = 2; iz < nz - 2; iz++)
      for (long iy = 2; iy < ny - 2; iy++)
        for (long ix = 2; ix < nx - 2; ix++) {
          long idx = iz * stride_z + iy * nx + ix;
          double lap = w0 * p[idx] +
                       w1 * (p[idx - 1] + p[idx + 1] + p[idx - nx] + p[idx + nx] +
                             p[idx - stride_z] + p[idx + stride_z]) +
                       w2 * (p[idx - 2] + p[idx + 2] + p[idx - 2 * nx] + p[idx + 2 * nx] +
                             p[idx - 2 * stride_z] + p[idx + 2 * stride_z]);
          pm[idx] = 2.0 * p[idx] - pm[idx] + m[idx] * lap;
        }
    double *swap = pm;
    pm = p;
    p = swap;
  }
}
