// expect: {"dims": 2, "dtype": "double", "extents": ["ny", "ldx"], "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.5, "-1,0": 0.125, "1,0": 0.125, "0,-1": 0.125, "0,1": 0.125}, "time_form": "pointer swap"}
/* A smoother on a column-major-style grid with a leading dimension, as BLAS-minded codes
 * write it: size_t indices and the cell's offset computed first, (size_t)j * ldx + i. */
#include <stddef.h>

void smooth(size_t ldx, size_t ny, int sweeps, double *restrict x, double *restrict y) {
  for (int s = 0; s < sweeps; s++) {
    for (size_t j = 1; j < ny - 1; j++)
      for (size_t i = 1; i < ldx - 1; i++) {
        size_t ij = (size_t)j * ldx + i;
        y[ij] = 0.5 * x[ij] + 0.125 * (x[ij - 1] + x[ij + 1] + x[ij - ldx] + x[ij + ldx]);
      }
    double *t = x;
    x = y;
    y = t;
  }
}
