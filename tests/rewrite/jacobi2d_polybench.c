/* PolyBench/C 4.2 style jacobi-2d: global arrays passed as n x n arrays, both initialised, two sweeps per time step
 * (B from A, then A from B), a checksum of both arrays printed at the end.
 * stencilc: --function kernel_jacobi_2d
 * cuda-backend: n5d
 */
#include <stdio.h>

#define N 90
#define TSTEPS 13

static double A[N][N], B[N][N];

static void init_array(int n, double A[n][n], double B[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = ((double)i * (j + 2) + 2) / n;
      B[i][j] = ((double)i * (j + 3) + 3) / n;
    }
}

static void kernel_jacobi_2d(int tsteps, int n, double A[n][n], double B[n][n]) {
#pragma scop
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
  }
#pragma endscop
}

int main(void) {
  init_array(N, A, B);
  kernel_jacobi_2d(TSTEPS, N, A, B);
  double sa = 0, sb = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) sa += A[i][j], sb += B[i][j] * (1 + (i + j) % 3);
  printf("A checksum %.10e\nB checksum %.10e\ncorner %.10e %.10e\n", sa, sb, A[1][1], B[N - 2][N - 2]);
  return 0;
}
