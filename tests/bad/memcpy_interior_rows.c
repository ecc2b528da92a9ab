// expect: 13:5: error: memcpy after the sweep copies between places inside the grids; stencilc reads the copy of the whole of 'unew' into 'u', from their first cells
// hint: copy the whole grid back, memcpy(a, b, sizeof(double) * nx * ny) with a the grid the sweep reads, or the interior in a loop nest (a[i][j] = b[i][j] over the sweep's cells)
/* Only the interior rows copied back, from the second row on: the first and last rows stay
 * u's own. */
#include <string.h>
void diffuse(int nx, int ny, int nsteps, double r, double *u, double *unew) {
  for (int step = 0; step < nsteps; step++) {
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        unew[i * ny + j] = u[i * ny + j] + r * (u[(i - 1) * ny + j] + u[(i + 1) * ny + j] +
                                                u[i * ny + j - 1] + u[i * ny + j + 1] -
                                                4 * u[i * ny + j]);
    memcpy(u + ny, unew + ny, (size_t)(nx - 2) * ny * sizeof(double));
  }
}
