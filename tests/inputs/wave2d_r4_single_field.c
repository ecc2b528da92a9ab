// expect: {"dims": 2, "extents": ["nz", "nx"], "radius": [4, 4], "shape": "star", "npoints": 17, "coefs": {"0,0": -5.694444444444445, "0,1": 1.6, "0,-1": 1.6, "1,0": 1.6, "0,2": -0.2, "-2,0": -0.2, "0,3": 0.025396825396825397, "0,4": -0.0017857142857142857, "-4,0": -0.0017857142857142857}, "time_form": "pointer swap"}
/* The 8th-order Laplacian of seismic codes (radius 4) applied to one field: the diffusion part of
 * a wave kernel, coefficients as written in Fornberg's table (c0 appears once per axis). */
#define C0 (-205.0 / 72.0)
#define C1 (8.0 / 5.0)
#define C2 (-1.0 / 5.0)
#define C3 (8.0 / 315.0)
#define C4 (-1.0 / 560.0)
void lap8(int nz, int nx, int nt, double (*restrict p)[nx], double (*restrict q)[nx]) {
  for (int it = 0; it < nt; it++) {
    for (int iz = 4; iz < nz - 4; iz++)
      for (int ix = 4; ix < nx - 4; ix++)
        q[iz][ix] = 2.0 * C0 * p[iz][ix] + 2.0 * 0.0 +
                    C1 * (p[iz][ix + 1] + p[iz][ix - 1] + p[iz + 1][ix] + p[iz - 1][ix]) +
                    C2 * (p[iz][ix + 2] + p[iz][ix - 2] + p[iz + 2][ix] + p[iz - 2][ix]) +
                    C3 * (p[iz][ix + 3] + p[iz][ix - 3] + p[iz + 3][ix] + p[iz - 3][ix]) +
                    C4 * (p[iz][ix + 4] + p[iz][ix - 4] + p[iz + 4][ix] + p[iz - 4][ix]);
    double (*tmp)[nx] = p;
    p = q;
    q = tmp;
  }
}
