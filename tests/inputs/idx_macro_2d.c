// expect: {"dims": 2, "extents": ["nrows", "ncols"], "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.5, "-1,0": 0.125, "1,0": 0.125, "0,-1": 0.125, "0,1": 0.125}, "time_form": "pointer swap"}
/* A row-major index macro, as numerical-recipes-style codes define it. */
#include <stdlib.h>
#define IDX(r, c) ((r) * ncols + (c))
void smooth(int nrows, int ncols, int iters, double *grid, double *next) {
  for (int it = 0; it < iters; it++) {
    for (int r = 1; r < nrows - 1; r++)
      for (int c = 1; c < ncols - 1; c++)
        next[IDX(r, c)] = 0.5 * grid[IDX(r, c)] +
                          0.125 * (grid[IDX(r - 1, c)] + grid[IDX(r + 1, c)] + grid[IDX(r, c - 1)] + grid[IDX(r, c + 1)]);
    double *t = grid;
    grid = next;
    next = t;
  }
}
