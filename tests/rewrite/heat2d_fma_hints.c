/* A complete heat-equation program whose sweep is written through fma() under compiler loop
 * hints, its loops bounded as i + 1 < n (size_t counters), the grids malloc'd and swapped;
 * prints a checksum and the centre.
 * run: 48 7
 * run: 40 10
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void heat(size_t n, size_t nt, double r, double *u, double *un) {
  for (size_t t = 0; t < nt; t++) {
#pragma GCC unroll 2
    for (size_t i = 1; i + 1 < n; i++) {
#pragma clang loop vectorize(enable)
      for (size_t j = 1; j + 1 < n; j++)
        un[i * n + j] = fma(r, u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] +
                                   u[i * n + j + 1] - 4.0 * u[i * n + j],
                            u[i * n + j]);
    }
    double *tmp = u; u = un; un = tmp;
  }
}

int main(int argc, char **argv) {
  size_t n = argc > 1 ? (size_t)atoi(argv[1]) : 48, nt = argc > 2 ? (size_t)atoi(argv[2]) : 7;
  double *u = malloc(n * n * sizeof *u), *un = malloc(n * n * sizeof *un);
  for (size_t i = 0; i < n * n; i++) u[i] = un[i] = (double)((i * 7) % 13) / 13.0;
  heat(n, nt, 0.2, u, un);
  double *out = nt % 2 ? un : u, sum = 0;
  for (size_t i = 0; i < n * n; i++) sum += out[i];
  printf("sum %.10f centre %.10f\n", sum, out[(n / 2) * n + n / 2]);
  free(u); free(un);
  return 0;
}
