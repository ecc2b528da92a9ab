// expect: {"dims": 3, "extents": [120, 120, 120], "radius": [1, 1, 1], "shape": "star", "npoints": 7, "coefs": {"0,0,0": 0.25, "1,0,0": 0.125, "-1,0,0": 0.125, "0,1,0": 0.125, "0,-1,0": 0.125, "0,0,1": 0.125, "0,0,-1": 0.125}, "time_form": "two sweeps", "steps_per_iter": 2}
// check: -DN=20 -DTSTEPS=4
/* PolyBench 4 heat-3d style, through a PolyBench-like header: constant sizes, DATA_TYPE and the
 * array macros, two sweeps per time step (B from A, then A from B), a timer around the kernel. */
#ifndef N
#define N 120
#endif
#ifndef TSTEPS
#define TSTEPS 500
#endif
#include "include/bench.h"

static void kernel_heat_3d(int tsteps, int n, DATA_TYPE ARRAY_3D(A, N, N, N), DATA_TYPE ARRAY_3D(B, N, N, N)) {
  int t, i, j, k;
#pragma scop
  for (t = 1; t <= _PB_TSTEPS; t++) {
    for (i = 1; i < _PB_N - 1; i++)
      for (j = 1; j < _PB_N - 1; j++)
        for (k = 1; k < _PB_N - 1; k++)
          B[i][j][k] = SCALAR_VAL(0.125) * (A[i+1][j][k] - SCALAR_VAL(2.0) * A[i][j][k] + A[i-1][j][k])
                     + SCALAR_VAL(0.125) * (A[i][j+1][k] - SCALAR_VAL(2.0) * A[i][j][k] + A[i][j-1][k])
                     + SCALAR_VAL(0.125) * (A[i][j][k+1] - SCALAR_VAL(2.0) * A[i][j][k] + A[i][j][k-1])
                     + A[i][j][k];
    for (i = 1; i < _PB_N - 1; i++)
      for (j = 1; j < _PB_N - 1; j++)
        for (k = 1; k < _PB_N - 1; k++)
          A[i][j][k] = SCALAR_VAL(0.125) * (B[i+1][j][k] - SCALAR_VAL(2.0) * B[i][j][k] + B[i-1][j][k])
                     + SCALAR_VAL(0.125) * (B[i][j+1][k] - SCALAR_VAL(2.0) * B[i][j][k] + B[i][j-1][k])
                     + SCALAR_VAL(0.125) * (B[i][j][k+1] - SCALAR_VAL(2.0) * B[i][j][k] + B[i][j][k-1])
                     + B[i][j][k];
  }
#pragma endscop
}

int main(void) {
  static DATA_TYPE A[N][N][N], B[N][N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        A[i][j][k] = B[i][j][k] = (DATA_TYPE)(i + j + (N - k)) * 10 / N;
  double t0 = bench_now();
  kernel_heat_3d(TSTEPS, N, A, B);
  printf("%.3f s, %f\n", bench_now() - t0, A[1][1][1]);
  return 0;
}
