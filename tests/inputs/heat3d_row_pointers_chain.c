// expect: {"dims": 3, "dtype": "double", "extents": ["nz", "ny", "nx"], "radius": [1, 1, 1], "shape": "star", "npoints": 7, "coefs": {"0,0,0": 0.4, "-1,0,0": 0.1, "1,0,0": 0.1, "0,-1,0": 0.1, "0,1,0": 0.1, "0,0,-1": 0.1, "0,0,1": 0.1}, "time_form": "pointer swap"}
// check: -s 9x11x14 -t 4
/* Explicit 3D heat step on flat double arrays of run-time sizes, through a pointer to the
 * cell's row and pointers to its neighbour rows taken from it (north, south, back, front). */
void heat3d(int nx, int ny, int nz, int nt, double *in, double *out) {
  for (int t = 0; t < nt; t++) {
    for (int z = 1; z < nz - 1; z++) {
      const int plane = nx * ny;
      for (int y = 1; y < ny - 1; y++) {
        const double *c = in + (z * ny + y) * nx;
        const double *n = c - nx, *s = c + nx, *b = c - plane, *f = c + plane;
        double *o = &out[(z * ny + y) * nx];
        for (int x = 1; x < nx - 1; x++)
          o[x] = c[x] + 0.1 * (c[x - 1] + c[x + 1] + n[x] + s[x] + b[x] + f[x] - 6.0 * c[x]);
      }
    }
    double *tmp = in;
    in = out;
    out = tmp;
  }
}
