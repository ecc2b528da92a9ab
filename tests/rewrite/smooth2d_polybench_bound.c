/* Two stages per time step in PolyBench's default form: a Jacobi average of A into B, then A
 * from B and its horizontal second difference; the arrays declared with the constant size N
 * (global, static), the loops bounded by the run-time n (n <= N: the library runs n == N, the
 * loop as written any smaller n), the counters declared at the top.
 * stencilc: --function smooth
 * run: 48 5
 * run: 48 6
 * run: 30 5
 */
#include <stdio.h>
#include <stdlib.h>

#define N 48

static double A[N][N], B[N][N];

static void smooth(int tsteps, int n, double A[N][N], double B[N][N]) {
  int t, i, j;
#pragma scop
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = B[i][j] + 0.1 * (B[i][j - 1] + B[i][j + 1] - 2.0 * B[i][j]);
  }
#pragma endscop
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : N, tsteps = argc > 2 ? atoi(argv[2]) : 5;
  if (n < 1 || n > N) return 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) A[i][j] = B[i][j] = (i * (j + 2) % 7) / 7.0;
  smooth(tsteps, n, A, B);
  double sa = 0, sb = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) sa += A[i][j] * (1 + (i + j) % 3), sb += B[i][j] * (1 + i % 4);
  printf("A %.10e\nB %.10e\n", sa, sb);
  return 0;
}
