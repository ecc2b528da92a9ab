// expect: {"dims": 3, "extents": ["nz", "ny", "nx"], "radius": [1, 1, 1], "npoints": 4, "coefs": {"0,0,0": 0.4, "1,0,0": 0.2, "0,-1,0": 0.2, "0,0,1": 0.2}, "loop_axis": [2, 1, 0]}
/* Fortran habit in C: x outermost over a grid whose x is contiguous, flat index. */
void f(int nx, int ny, int nz, int steps, double *a, double *b) {
  for (int t = 0; t < steps; t++) {
    for (int x = 1; x < nx - 1; x++)
      for (int y = 1; y < ny - 1; y++)
        for (int z = 1; z < nz - 1; z++)
          b[(z * ny + y) * nx + x] = 0.4 * a[(z * ny + y) * nx + x] + 0.2 * a[((z + 1) * ny + y) * nx + x] +
                                     0.2 * a[(z * ny + y - 1) * nx + x] + 0.2 * a[(z * ny + y) * nx + x + 1];
    double *tmp = a; a = b; b = tmp;
  }
}
