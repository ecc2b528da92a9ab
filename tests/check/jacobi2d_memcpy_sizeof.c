/* A textbook Jacobi relaxation on an n x n flattened grid, the new values copied back whole
 * with memcpy sized by the element (n * n * sizeof *a) before the next sweep. */
#include <string.h>

void jacobi(int n, int iters, double *restrict a, double *restrict b) {
  int i, j, it;
  for (it = 0; it < iters; it++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        b[i * n + j] = 0.25 * (a[(i - 1) * n + j] + a[(i + 1) * n + j] + a[i * n + j - 1] + a[i * n + j + 1]);
    memcpy(a, b, n * n * sizeof *a);
  }
}
