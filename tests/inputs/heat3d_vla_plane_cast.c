// expect: {"dims": 3, "dtype": "float", "extents": ["n", "n", "n"], "radius": [1, 1, 1], "shape": "star", "npoints": 7, "coefs": {"0,0,0": 0.25, "1,0,0": 0.125, "0,-1,0": 0.125, "0,0,1": 0.125}, "time_form": "pointer swap"}
/* heat-3d (PolyBench form of the update) on float buffers cast to pointers to VLA planes. */
#include <stdlib.h>
void heat3d(int n, int nt, float *a, float *b)
{
  float (*restrict A)[n][n] = (float (*)[n][n]) a;
  float (*restrict B)[n][n] = (float (*)[n][n]) b;
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          B[i][j][k] = 0.125f * (A[i+1][j][k] - 2.0f * A[i][j][k] + A[i-1][j][k])
                     + 0.125f * (A[i][j+1][k] - 2.0f * A[i][j][k] + A[i][j-1][k])
                     + 0.125f * (A[i][j][k+1] - 2.0f * A[i][j][k] + A[i][j][k-1]) + A[i][j][k];
    float (*T)[n][n] = A; A = B; B = T;
  }
}
