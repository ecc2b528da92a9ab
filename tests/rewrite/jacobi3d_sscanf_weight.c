/* A 3D weighted Jacobi relaxation whose weight comes from the command line through sscanf into a
 * float declared without a value (the address given to the call once, before the time loop);
 * the sweep writes the new grid from the old one and copies it back; prints a checksum.
 * run: 20 9 0.1
 * run: 14 12 0.16
 * cuda-backend: naive
 */
#include <stdio.h>
#include <stdlib.h>
#define IDX(i, j, k) (((i) * n + (j)) * n + (k))

int main(int argc, char **argv) {
  float w;
  if (argc < 4 || sscanf(argv[3], "%f", &w) != 1) return 2;
  int n = atoi(argv[1]), iters = atoi(argv[2]);
  float *a = malloc((size_t)n * n * n * sizeof *a), *b = malloc((size_t)n * n * n * sizeof *b);
  for (int i = 0; i < n * n * n; i++) a[i] = b[i] = (float)((i * 37) % 101) / 101.0f;
  for (int it = 0; it < iters; it++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          b[IDX(i, j, k)] = (1.0f - 6.0f * w) * a[IDX(i, j, k)] +
                            w * (a[IDX(i - 1, j, k)] + a[IDX(i + 1, j, k)] + a[IDX(i, j - 1, k)] +
                                 a[IDX(i, j + 1, k)] + a[IDX(i, j, k - 1)] + a[IDX(i, j, k + 1)]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++) a[IDX(i, j, k)] = b[IDX(i, j, k)];
  }
  double sum = 0;
  for (int i = 0; i < n * n * n; i++) sum += a[i];
  printf("sum %.5f\ncentre %.6f\n", sum, a[IDX(n / 2, n / 2, n / 2)]);
  free(a);
  free(b);
  return 0;
}
