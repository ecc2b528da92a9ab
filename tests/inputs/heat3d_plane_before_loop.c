// expect: {"dims": 3, "dtype": "double", "extents": ["nz", "ny", "nx"], "radius": [1, 1, 1], "shape": "star", "npoints": 7, "time_form": "pointer swap", "scalars": {"k": {"kind": "parameter", "type": "double"}, "dt": {"kind": "parameter", "type": "double"}, "h": {"kind": "parameter", "type": "double"}, "r": {"kind": "derived", "type": "double"}}, "scoefs": {"0,0,0": [1, -6, "r"], "-1,0,0": [0, 1, "r"], "0,0,1": [0, 1, "r"]}}
/* Explicit 3D heat step on flat arrays, the way a code sets up its constants once before the
 * time loop: the plane's stride (long arithmetic, as for grids above 2^31) and the diffusion
 * number r = k dt / h^2 are locals computed from the parameters, then read in every step. */
void heat3d(int nx, int ny, int nz, int steps, double k, double dt, double h,
            double *restrict a, double *restrict b) {
  const long plane = (long)nx * ny;
  const double r = k * dt / (h * h);
  for (int t = 0; t < steps; t++) {
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++) {
          const long c = z * plane + (long)y * nx + x;
          b[c] = a[c] + r * (a[c - 1] + a[c + 1] + a[c - nx] + a[c + nx] + a[c - plane] +
                             a[c + plane] - 6.0 * a[c]);
        }
    double *s = a;
    a = b;
    b = s;
  }
}
