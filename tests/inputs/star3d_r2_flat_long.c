// expect: {"dims": 3, "dtype": "float", "extents": ["nz", "ny", "nx"], "radius": [2, 2, 2], "shape": "star", "npoints": 13, "coefs": {"0,0,0": 0.4, "2,0,0": 0.05, "-1,0,0": 0.05, "0,0,2": 0.05}, "time_form": "pointer swap"}
/* Fourth-order 3D star on flat float grids with long indices. */
void star3d2r(long nx, long ny, long nz, long nt, float *restrict in, float *restrict out) {
  for (long t = 0; t < nt; t++) {
    for (long z = 2; z < nz - 2; z++)
      for (long y = 2; y < ny - 2; y++)
        for (long x = 2; x < nx - 2; x++) {
          out[(z * ny + y) * nx + x] = 0.4f * in[(z * ny + y) * nx + x] +
              0.05f * (in[((z - 2) * ny + y) * nx + x] + in[((z - 1) * ny + y) * nx + x] +
                       in[((z + 1) * ny + y) * nx + x] + in[((z + 2) * ny + y) * nx + x] +
                       in[(z * ny + y - 2) * nx + x] + in[(z * ny + y - 1) * nx + x] +
                       in[(z * ny + y + 1) * nx + x] + in[(z * ny + y + 2) * nx + x] +
                       in[(z * ny + y) * nx + x - 2] + in[(z * ny + y) * nx + x - 1] +
                       in[(z * ny + y) * nx + x + 1] + in[(z * ny + y) * nx + x + 2]);
        }
    float *tmp = in; in = out; out = tmp;
  }
}
