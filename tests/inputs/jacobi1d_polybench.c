// expect: {"dims": 1, "dtype": "double", "extents": [4000], "steps": 2000, "halo_lo": [1], "halo_hi": [1], "radius": [1], "shape": "star", "npoints": 3, "coefs": {"-1": 0.33333, "0": 0.33333, "1": 0.33333}, "time_form": "two sweeps", "steps_per_iter": 2}
/* PolyBench 4 jacobi-1d, LARGE_DATASET, with its size macros inlined (no polybench.h): two
 * sweeps per time step, B from A and A back from B, between #pragma scop and #pragma endscop. */
#include <stdio.h>

#ifndef N
# define N 4000
#endif
#ifndef TSTEPS
# define TSTEPS 1000
#endif
#define DATA_TYPE double
#define SCALAR_VAL(x) x

static void init_array(int n, DATA_TYPE A[N], DATA_TYPE B[N]) {
  int i;
  for (i = 0; i < n; i++) {
    A[i] = ((DATA_TYPE)i + 2) / n;
    B[i] = ((DATA_TYPE)i + 3) / n;
  }
}

static void kernel_jacobi_1d(int tsteps, int n, DATA_TYPE A[N], DATA_TYPE B[N]) {
  int t, i;
#pragma scop
  for (t = 0; t < TSTEPS; t++) {
    for (i = 1; i < N - 1; i++)
      B[i] = SCALAR_VAL(0.33333) * (A[i - 1] + A[i] + A[i + 1]);
    for (i = 1; i < N - 1; i++)
      A[i] = SCALAR_VAL(0.33333) * (B[i - 1] + B[i] + B[i + 1]);
  }
#pragma endscop
}

int main(void) {
  static DATA_TYPE A[N], B[N];
  init_array(N, A, B);
  kernel_jacobi_1d(TSTEPS, N, A, B);
  printf("%g\n", A[N / 2]);
  return 0;
}
