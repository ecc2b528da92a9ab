// expect: {"dims": 3, "dtype": "double", "extents": ["nz", "ny", "nx"], "radius": [4, 4, 4], "shape": "star", "npoints": 25, "coefs": {"0,0,0": 0.5729166666666667, "0,0,1": 0.08, "0,-1,0": 0.08, "2,0,0": -0.01, "0,-3,0": 0.0012698412698412698, "0,0,-4": -8.928571428571429e-05}, "time_form": "pointer swap"}
// check: -s 14x13x12 -t 3
/* One step of a 3D acoustic wave propagator of 8th order in space, in double, as seismic
 * imaging codes write the Laplacian: the finite-difference coefficients in a file-scope const
 * table, one radius loop over the three axes, the loop counter declared with the others. */
#define ORDER 8
#define HALF (ORDER / 2)

const double coef[HALF + 1] = {-205.0 / 72.0, 8.0 / 5.0, -1.0 / 5.0, 8.0 / 315.0, -1.0 / 560.0};

void propagate(int nx, int ny, int nz, int nsteps, double *restrict p0,
               double *restrict p1) {
  int x, y, z, r, it;
  for (it = 0; it < nsteps; it++) {
    for (z = HALF; z < nz - HALF; z++)
      for (y = HALF; y < ny - HALF; y++)
        for (x = HALF; x < nx - HALF; x++) {
          long c = ((long)z * ny + y) * nx + x;
          double lap = 3.0 * coef[0] * p0[c];
          for (r = 1; r <= HALF; ++r)
            lap += coef[r] * (p0[c + r] + p0[c - r] + p0[c + r * nx] + p0[c - r * nx] +
                              p0[c + r * nx * ny] + p0[c - r * nx * ny]);
          p1[c] = p0[c] + 0.05 * lap;
        }
    double *t = p0; p0 = p1; p1 = t;
  }
}
