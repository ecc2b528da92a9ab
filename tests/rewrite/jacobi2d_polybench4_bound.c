/* PolyBench/C 4.2 jacobi-2d in its default form: the arrays declared with the dataset's constant
 * size N (POLYBENCH_2D(A,N,N,n,n) is A[N][N]), the loops bounded by the run-time n (_PB_N) and
 * tsteps (_PB_TSTEPS), the counters declared at the top, the region between #pragma scop and
 * #pragma endscop; n and tsteps from the command line, n <= N (the library runs n == N, the
 * loop as written any smaller n). Prints a weighted checksum of both arrays.
 * stencilc: --function kernel_jacobi_2d
 * cuda-backend: n5d
 * run: 90 13
 * run: 90 8
 * run: 61 7
 * run: 3 3
 */
#include <stdio.h>
#include <stdlib.h>

#define POLYBENCH_LOOP_BOUND(x, y) y
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) var[dim1][dim2]
#define TSTEPS 40
#define N 90
#define _PB_TSTEPS POLYBENCH_LOOP_BOUND(TSTEPS, tsteps)
#define _PB_N POLYBENCH_LOOP_BOUND(N, n)
#define DATA_TYPE double
#define SCALAR_VAL(x) x

static DATA_TYPE A[N][N], B[N][N];

static void init_array(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n), DATA_TYPE POLYBENCH_2D(B, N, N, n, n)) {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / n;
      B[i][j] = ((DATA_TYPE)i * (j + 3) + 3) / n;
    }
}

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
        A[i][j] = SCALAR_VAL(0.2) * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
  }
#pragma endscop
  printf("counters t %d i %d j %d\n", t, i, j);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : N;
  int tsteps = argc > 2 ? atoi(argv[2]) : TSTEPS;
  if (n < 1 || n > N) return 1;
  init_array(n, A, B);
  kernel_jacobi_2d(tsteps, n, A, B);
  double sa = 0, sb = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) sa += A[i][j] * (1 + (i + 2 * j) % 5), sb += B[i][j] * (1 + (i + j) % 3);
  printf("A checksum %.10e\nB checksum %.10e\n", sa, sb);
  return 0;
}
