/* jacobi-2d in PolyBench's style: the header's macros for types, bounds and arrays */
#include <math.h>
#include <stdio.h>
#include "polybench.h"

static void kernel_jacobi_2d(int tsteps, int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n),
                             DATA_TYPE POLYBENCH_2D(B, N, N, n, n)) {
  int t, i, j;
#pragma scop
  for (t = 0; t < _PB_TSTEPS; t++) {
    for (i = 1; i < _PB_N - 1; i++)
      for (j = 1; j < _PB_N - 1; j++)
        B[i][j] = SCALAR_VAL(0.2) * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
    for (i = 1; i < _PB_N - 1; i++)
      for (j = 1; j < _PB_N - 1; j++)
        A[i][j] = B[i][j];
  }
#pragma endscop
}
