// expect: {"dims": 3, "dtype": "float", "extents": ["nz", "ny", "nx"], "radius": [2, 2, 2], "shape": "star", "npoints": 13, "coefs": {"0,0,0": 0.4, "-2,0,0": 0.05, "2,0,0": 0.05, "0,-2,0": 0.05, "0,0,1": 0.05, "0,0,-2": 0.05}, "time_form": "pointer swap"}
/* A 4th-order 3D star in float with the plane and row strides and the cell's offset named as
 * locals in the time loop and the innermost loop (long arithmetic, as for grids above 2^31). */
void star3d(int nx, int ny, int nz, int steps, float *restrict a, float *restrict b) {
  for (int t = 0; t < steps; t++) {
    const long plane = (long)nx * ny;
    for (int z = 2; z < nz - 2; z++)
      for (int y = 2; y < ny - 2; y++)
        for (int x = 2; x < nx - 2; x++) {
          const long c = z * plane + (long)y * nx + x;
          b[c] = 0.4f * a[c] +
                 0.05f * (a[c - 1] + a[c + 1] + a[c - 2] + a[c + 2] + a[c - nx] + a[c + nx] +
                          a[c - 2 * nx] + a[c + 2 * nx] + a[c - plane] + a[c + plane] +
                          a[c - 2 * plane] + a[c + 2 * plane]);
        }
    float *s = a;
    a = b;
    b = s;
  }
}
