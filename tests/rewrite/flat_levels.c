/* The AN5D benchmarks' calling convention: one flat float buffer holding both time levels, cast
 * inside the kernel function to float (*)[n][n]; the time loop counts from 1 (the first step
 * reads level 1). Prints a checksum of each level.
 * run: 52 10
 * cuda-backend: ssam
 */
#include <stdio.h>
#include <stdlib.h>

void j2d9pt(int n, int steps, float *buf) {
  float (*A)[n][n] = (float (*)[n][n])buf;
  for (int t = 1; t < steps + 1; t++)
    for (int i = 2; i < n - 2; i++)
      for (int j = 2; j < n - 2; j++)
        A[(t + 1) % 2][i][j] = (7.1f * A[t % 2][i - 2][j] + 5.1f * A[t % 2][i - 1][j] +
                                9.2f * A[t % 2][i][j - 2] + 12.1f * A[t % 2][i][j - 1] +
                                15.f * A[t % 2][i][j] + 12.2f * A[t % 2][i][j + 1] +
                                9.1f * A[t % 2][i][j + 2] + 5.2f * A[t % 2][i + 1][j] +
                                7.2f * A[t % 2][i + 2][j]) / 82.2f;
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), steps = atoi(argv[2]);
  float *buf = malloc(2 * sizeof(float) * n * n);
  for (int i = 0; i < 2 * n * n; i++) buf[i] = (float)((i % n) * 0.01 + (i / n % n) * 0.02);
  j2d9pt(n, steps, buf);
  for (int l = 0; l < 2; l++) {
    double s = 0;
    for (int i = 0; i < n * n; i++) s += buf[l * n * n + i];
    printf("level %d checksum %.5f\n", l, s);
  }
  free(buf);
  return 0;
}
