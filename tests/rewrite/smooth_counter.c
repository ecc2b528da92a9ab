/* A smoother as solvers' setup phases write it: a 9-point weighted average swept from A into B
 * and back each iteration, the iteration counter declared before the loop (C89 style) and
 * returned, so that the caller reports how many iterations ran; the count from the command line.
 * stencilc: --function smooth
 * run: 70 5
 * run: 70 0
 * run: 41 8
 */
#include <stdio.h>
#include <stdlib.h>

static int smooth(int n, int iters, double A[n][n], double B[n][n]) {
  int it, i, j;
  for (it = 0; it < iters; it++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.25 * A[i][j] + 0.125 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]) +
                  0.0625 * (A[i - 1][j - 1] + A[i - 1][j + 1] + A[i + 1][j - 1] + A[i + 1][j + 1]);
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = 0.25 * B[i][j] + 0.125 * (B[i - 1][j] + B[i + 1][j] + B[i][j - 1] + B[i][j + 1]) +
                  0.0625 * (B[i - 1][j - 1] + B[i - 1][j + 1] + B[i + 1][j - 1] + B[i + 1][j + 1]);
  }
  return it;
}

int main(int argc, char **argv) {
  if (argc < 3) return 2;
  int n = atoi(argv[1]), iters = atoi(argv[2]);
  double (*A)[n] = malloc(sizeof(double[n][n])), (*B)[n] = malloc(sizeof(double[n][n]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = ((i * 13 + j * 7) % 17) / 17.0;
      B[i][j] = 0;
    }
  int done = smooth(n, iters, A, B);
  double sa = 0, sb = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) sa += A[i][j] * (1 + i % 3), sb += B[i][j] * (1 + j % 5);
  printf("%d iterations: A %.10e B %.10e\n", done, sa, sb);
  free(A);
  free(B);
  return 0;
}
