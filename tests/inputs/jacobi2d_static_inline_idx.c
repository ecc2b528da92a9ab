// expect: {"dims": 2, "dtype": "float", "extents": ["ny", "nx"], "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.2, "-1,0": 0.2, "1,0": 0.2, "0,-1": 0.2, "0,1": 0.2}, "time_form": "pointer swap"}
/* Flat float grids indexed through a static inline function, as C codes avoid macros. */
static inline int idx(int i, int j, int nx) { return i * nx + j; }

void smooth(int nx, int ny, int steps, float *restrict a, float *restrict b)
{
  for (int s = 0; s < steps; s++) {
    for (int i = 1; i < ny - 1; i++)
      for (int j = 1; j < nx - 1; j++)
        b[idx(i, j, nx)] = 0.2f * (a[idx(i, j, nx)] + a[idx(i - 1, j, nx)] + a[idx(i + 1, j, nx)] +
                                   a[idx(i, j - 1, nx)] + a[idx(i, j + 1, nx)]);
    float *t = a; a = b; b = t;
  }
}
