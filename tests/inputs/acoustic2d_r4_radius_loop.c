// expect: {"dims": 2, "dtype": "float", "extents": ["ny", "nx"], "radius": [4, 4], "shape": "star", "npoints": 17, "coefs": {"0,0": 0.4305556, "0,1": 0.16, "-1,0": 0.16, "0,-2": -0.02, "3,0": 0.00253968, "0,4": -0.00017857}, "time_form": "pointer swap"}
// check: -s 40x36 -t 4
/* A 2D acoustic step of 8th order in space as seismic codes write it: the coefficients in a
 * static const table, one radius loop over the four arms of the star. */
#define R 4
void step(int nx, int ny, int nt, float *restrict u, float *restrict v) {
  static const float c[R + 1] = {-2.847222f, 1.6f, -0.2f, 0.0253968f, -0.0017857f};
  for (int t = 0; t < nt; t++) {
    for (int j = R; j < ny - R; j++)
      for (int i = R; i < nx - R; i++) {
        float s = 2.0f * c[0] * u[j * nx + i];
        for (int r = 1; r <= R; r++)
          s += c[r] * (u[j * nx + i + r] + u[j * nx + i - r] + u[(j + r) * nx + i] + u[(j - r) * nx + i]);
        v[j * nx + i] = u[j * nx + i] + 0.1f * s;
      }
    float *tmp = u; u = v; v = tmp;
  }
}
