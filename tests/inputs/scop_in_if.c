// expect: {"dims": 2, "extents": [256, 256], "radius": [1, 1], "shape": "box", "npoints": 9, "coefs": {"0,0": 0.2, "-1,-1": 0.1, "1,1": 0.1, "-1,1": 0.1, "1,-1": 0.1, "0,1": 0.1, "1,0": 0.1}, "time_form": "time levels"}
/* The region sits inside a branch of main, among initialisation and a reference check. */
#include <stdio.h>
#define N 256
static float A[2][N][N];
int main(int argc, char **argv) {
  int use_kernel = argc < 2;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) A[0][i][j] = A[1][i][j] = (float)(i * j % 7);
  if (use_kernel) {
#pragma scop
    for (int t = 0; t < 10; t++)
      for (int i = 1; i < N - 1; i++)
        for (int j = 1; j < N - 1; j++)
          A[(t + 1) % 2][i][j] = 0.2f * A[t % 2][i][j] +
                                 0.1f * (A[t % 2][i - 1][j - 1] + A[t % 2][i - 1][j] + A[t % 2][i - 1][j + 1] +
                                         A[t % 2][i][j - 1] + A[t % 2][i][j + 1] +
                                         A[t % 2][i + 1][j - 1] + A[t % 2][i + 1][j] + A[t % 2][i + 1][j + 1]);
#pragma endscop
  }
  printf("%f\n", A[0][N / 2][N / 2]);
  return 0;
}
