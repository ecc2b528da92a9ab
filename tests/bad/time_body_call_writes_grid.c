// expect: 21:12: error: the call to 'dump' in the time loop passes a pointer to a float * parameter, which may change the grids (declare it const)
/* A snapshot function that takes the grid as float * (not const float *): it may write the
 * grid, which stencilc cannot see from the call. */
#include <stdio.h>
void dump(float *g, int n, int t) {
  g[0] = 0.0f; /* (a "snapshot" that resets a cell) */
  printf("%d %g\n", t, g[n + 1]);
}

void jacobi(int n, int nt, float *a, float *b) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = 0.2f * (a[i * n + j] + a[(i - 1) * n + j] + a[(i + 1) * n + j] +
                               a[i * n + j - 1] + a[i * n + j + 1]);
    float *tmp = a;
    a = b;
    b = tmp;
    if (t % 4 == 0) {
      fflush(stdout);
      dump(a, n, t);
    }
  }
}
