// expect: {"dims": 2, "extents": ["n", "m"], "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.2, "0,1": 0.2}, "time_form": "time levels", "steps_per_iter": 1}
/* Two time levels through a pointer to VLA rows of a malloc'd block: (*A)[n][m] indexed [t % 2]. */
#include <stdlib.h>
void run(int n, int m, int steps) {
  double (*A)[n][m] = malloc(2 * sizeof *A);
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        A[(t + 1) % 2][i][j] = 0.2 * (A[t % 2][i][j] + A[t % 2][i - 1][j] + A[t % 2][i + 1][j] + A[t % 2][i][j - 1] + A[t % 2][i][j + 1]);
  free(A);
}
