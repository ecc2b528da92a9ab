// expect: {"dims": 2, "dtype": "float", "extents": ["NY", "NX"], "radius": [1, 1], "shape": "star", "npoints": 4, "coefs": {"-1,0": 0.25, "1,0": 0.25, "0,-1": 0.25, "0,1": 0.25}, "time_form": "pointer swap"}
/* Jacobi iteration for Laplace's equation on a flat float grid, the row-major index computed
 * once per cell into a local, as GPU-course and OpenMP-tutorial codes write it. */
#include <stdio.h>
#include <stdlib.h>

void jacobi(int NX, int NY, int iters, float *u, float *unew) {
  int i, j;
  for (int it = 0; it < iters; it++) {
    for (i = 1; i < NY - 1; i++)
      for (j = 1; j < NX - 1; j++) {
        int idx = i * NX + j;
        unew[idx] = 0.25f * (u[idx - 1] + u[idx + 1] + u[idx - NX] + u[idx + NX]);
      }
    float *tmp = u;
    u = unew;
    unew = tmp;
  }
}
