/* Jacobi 2D on a global array whose size and step count are #define'd, as small benchmark
 * programs write it: the kernel takes no arguments, main() fills the grid and prints a value. */
#include <stdio.h>

#define N 40
#define TSTEPS 7

static float A[2][N][N];

void jacobi_2d(void) {
  for (int t = 0; t < TSTEPS; t++)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[(t + 1) % 2][i][j] = 0.2f * (A[t % 2][i][j] + A[t % 2][i][j - 1] + A[t % 2][i][1 + j] +
                                       A[t % 2][1 + i][j] + A[t % 2][i - 1][j]);
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) A[0][i][j] = A[1][i][j] = (float)((i * j) % 7) / 7.0f;
  jacobi_2d();
  printf("%f\n", (double)A[TSTEPS % 2][N / 2][N / 2]);
  return 0;
}
