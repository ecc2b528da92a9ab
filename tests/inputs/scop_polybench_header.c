// expect: {"dims": 2, "extents": [2000, 2000], "radius": [1, 1], "shape": "box", "npoints": 9, "coefs": {"0,0": 0.3333333333333333, "1,-1": 0.08333333333333333, "0,1": 0.08333333333333333}, "time_form": "time levels"}
// check: -DN=40 -DTSTEPS=5
/* The harness header with its own sizes overridden, a timer around the region in main. */
#ifndef N
#define N 2000
#endif
#ifndef TSTEPS
#define TSTEPS 50
#endif
#include "include/bench.h"
static DATA_TYPE A[2][N][N];
int main(void) {
  double t0 = bench_wall();
#pragma scop
  for (int t = 0; t < _PB_TSTEPS; t++)
    for (int i = 1; i < _PB_N - 1; i++)
      for (int j = 1; j < _PB_N - 1; j++)
        A[(t + 1) % 2][i][j] = (4.0 * A[t % 2][i][j] + A[t % 2][i - 1][j - 1] + A[t % 2][i - 1][j] + A[t % 2][i - 1][j + 1]
                              + A[t % 2][i][j - 1] + A[t % 2][i][j + 1]
                              + A[t % 2][i + 1][j - 1] + A[t % 2][i + 1][j] + A[t % 2][i + 1][j + 1]) / 12.0;
#pragma endscop
  printf("%f s\n", bench_wall() - t0);
  return 0;
}
