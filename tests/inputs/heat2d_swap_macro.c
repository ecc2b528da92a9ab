// expect: {"dims": 2, "dtype": "double", "extents": ["nx", "ny"], "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.6, "1,0": 0.1, "-1,0": 0.1, "0,1": 0.1, "0,-1": 0.1}, "time_form": "pointer swap"}
/* Explicit heat equation on a flattened grid, two buffers swapped through a macro (the form of
 * most teaching codes): u_new = u + r * (laplacian of u), r = 0.1. */
#include <stdlib.h>
#define SWAP(a, b) do { double *tmp_ = (a); (a) = (b); (b) = tmp_; } while (0)

void heat(int nx, int ny, int nsteps, double *restrict u, double *restrict v) {
  for (int t = 0; t < nsteps; ++t) {
    for (int i = 1; i < nx - 1; ++i)
      for (int j = 1; j < ny - 1; ++j)
        v[i * ny + j] = u[i * ny + j] + 0.1 * (u[(i + 1) * ny + j] + u[(i - 1) * ny + j] +
                                               u[i * ny + j + 1] + u[i * ny + j - 1] -
                                               4.0 * u[i * ny + j]);
    SWAP(u, v);
  }
}
