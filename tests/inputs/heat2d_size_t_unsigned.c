// expect: {"dims": 2, "dtype": "double", "extents": ["nx", "ny"], "steps": "nsteps", "radius": [1, 1], "npoints": 5, "time_form": "pointer swap", "scoefs": {"0,0": [1, -4, "r"], "1,0": [0, 1, "r"], "0,1": [0, 1, "r"]}}
/* size_t spatial counters, an unsigned step counter, all stepped by += 1. */
#include <stddef.h>
void heat(size_t nx, size_t ny, unsigned nsteps, const double r, double *restrict u, double *restrict v)
{
  for (unsigned s = 0; s < nsteps; s += 1) {
    for (size_t i = 1; i < nx - 1; i += 1)
      for (size_t j = 1; j < ny - 1; j += 1)
        v[i * ny + j] = u[i * ny + j] + r * (u[(i + 1) * ny + j] + u[(i - 1) * ny + j]
                        + u[i * ny + j + 1] + u[i * ny + j - 1] - 4.0 * u[i * ny + j]);
    double *t = u; u = v; v = t;
  }
}
