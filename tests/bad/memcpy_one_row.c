// expect: 12:18: error: memcpy copies 8 * n bytes, a part of the grid's 8 * n * n; stencilc reads a copy-back of the whole grid or of the sweep's cells
// hint: copy the whole grid back, memcpy(a, b, sizeof(double) * nx * ny) with a the grid the sweep reads, or the interior in a loop nest (a[i][j] = b[i][j] over the sweep's cells)
/* A copy sized by one row (n * sizeof(double)) where the grid holds n rows. */
#include <string.h>
#define IDX(i, j) ((i) * n + (j))
void jacobi(int n, int iters, double *a, double *b) {
  for (int it = 0; it < iters; it++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[IDX(i, j)] = 0.25 * (a[IDX(i - 1, j)] + a[IDX(i + 1, j)] + a[IDX(i, j - 1)] +
                               a[IDX(i, j + 1)]);
    memcpy(a, b, n * sizeof(double));
  }
}
