// expect: {"dims": 2, "dtype": "double", "extents": ["ny", "nx"], "halo_lo": [1, 1], "halo_hi": [1, 1], "radius": [1, 1], "npoints": 5, "coefs": {"0,0": 0.2, "-1,0": 0.2, "1,0": 0.2, "0,-1": 0.2, "0,1": 0.2}, "time_form": "pointer swap"}
/* Sizes kept in a struct, as applications pass a grid descriptor, copied into const locals
 * before the loops; a typedef'd real type and restrict pointers. */
typedef double real;
typedef struct {
  int nx, ny;
  real dx;
} grid_t;

void heat(const grid_t *g, int nt, real *restrict u, real *restrict v) {
  const int nx = g->nx, ny = g->ny;
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < ny - 1; i++)
      for (int j = 1; j < nx - 1; j++)
        v[i * nx + j] = u[i * nx + j] + 0.2 * (u[(i - 1) * nx + j] + u[(i + 1) * nx + j] +
                                               u[i * nx + j - 1] + u[i * nx + j + 1] -
                                               4.0 * u[i * nx + j]);
    real *tmp = u;
    u = v;
    v = tmp;
  }
}
