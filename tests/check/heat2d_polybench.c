/* heat-2d in the PolyBench style: loop counters declared at the top of the kernel, the region
 * marked with #pragma scop, a VLA parameter, and a main() that allocates, initialises, runs and
 * prints a checksum. */
#include <stdio.h>
#include <stdlib.h>

#define TSTEPS 20

static void kernel_heat_2d(int tsteps, int n, double A[2][n][n]) {
  int t, i, j;
#pragma scop
  for (t = 0; t < tsteps; t++)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = 0.125 * (A[t % 2][i + 1][j] - 2.0 * A[t % 2][i][j] + A[t % 2][i - 1][j])
                             + 0.125 * (A[t % 2][i][j + 1] - 2.0 * A[t % 2][i][j] + A[t % 2][i][j - 1])
                             + A[t % 2][i][j];
#pragma endscop
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 120;
  double (*A)[n][n] = malloc(sizeof(double[2][n][n]));
  if (!A) return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) A[0][i][j] = A[1][i][j] = (double)(i * (j + 2) + 2) / n;
  kernel_heat_2d(TSTEPS, n, A);
  double sum = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) sum += A[TSTEPS % 2][i][j];
  printf("%.6f\n", sum);
  free(A);
  return 0;
}
