// expect: 13:9: error: the condition of a print in the time loop reads a grid cell (an array element)
/* A print guarded by a test of a cell (print when the centre passes a threshold): stencilc
 * rewrite would have to evaluate it between its chunks of steps, from a grid it holds. */
#include <stdio.h>
void heat(int n, int nt, double *u, double *v) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        v[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] + u[i * n + j + 1]);
    double *tmp = u;
    u = v;
    v = tmp;
    if (u[(n / 2) * n + n / 2] > 0.5) printf("hot at step %d\n", t);
  }
}
