// expect: 10:5: error: memcpy after the sweep copies 'v' into 'vnew'; stencilc reads the copy of 'vnew', the grid written, into 'v', the grid read
// hint: copy the whole grid back, memcpy(a, b, sizeof(double) * nx * ny) with a the grid the sweep reads, or the interior in a loop nest (a[i][j] = b[i][j] over the sweep's cells)
/* The copy goes the wrong way: the old grid over the new one, so every step reads the start. */
#include <string.h>
void smooth(int nx, int ny, int nt, double *v, double *vnew) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        vnew[i * ny + j] = 0.2 * (v[i * ny + j] + v[(i - 1) * ny + j] + v[(i + 1) * ny + j] + v[i * ny + j - 1] + v[i * ny + j + 1]);
    memcpy(vnew, v, sizeof(double) * nx * ny);
  }
}
