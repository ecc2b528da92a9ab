/* Jacobi relaxation written in C89 style, as older solver codes and textbooks have it: every
 * counter and the swap's temporary declared at the top of the function, before the time loop,
 * and read after it. The loops leave i = n - 1 and j = m - 1 (the bound each stops at), the
 * temporary pointing at the buffer `next` points at after the last swap; the program prints
 * them, and checks that tmp still aliases one of the buffers, so a rewrite that leaves them
 * unset (or set as before the loop) prints other lines. With 0 steps nothing is assigned:
 * i, j and tmp keep their starting values.
 * stencilc: --function relax
 * run: 30 17 5
 * run: 30 17 6
 * run: 23 40 0
 */
#include <stdio.h>
#include <stdlib.h>

static double *relax(int n, int m, int steps, double *cur, double *next, int *ends) {
  int t, i, j;
  double *tmp;
  i = -1;
  j = -2;
  tmp = NULL;
  for (t = 0; t < steps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < m - 1; j++)
        next[i * m + j] = 0.25 * (cur[(i - 1) * m + j] + cur[(i + 1) * m + j] +
                                  cur[i * m + j - 1] + cur[i * m + j + 1]);
    tmp = cur;
    cur = next;
    next = tmp;
  }
  ends[0] = i;
  ends[1] = j;
  ends[2] = t;
  ends[3] = tmp == NULL ? 0 : tmp == next ? 1 : tmp == cur ? 2 : 3;
  return cur;
}

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  int n = atoi(argv[1]), m = atoi(argv[2]), steps = atoi(argv[3]), ends[4];
  double *a = malloc(sizeof(double) * (size_t)n * (size_t)m);
  double *b = malloc(sizeof(double) * (size_t)n * (size_t)m);
  for (int k = 0; k < n * m; k++) a[k] = b[k] = (double)((k * 7) % 11) / 11.0;
  double *out = relax(n, m, steps, a, b, ends);
  double sum = 0;
  for (int k = 0; k < n * m; k++) sum += out[k] * (1 + k % 3);
  printf("i %d j %d t %d tmp %d\n", ends[0], ends[1], ends[2], ends[3]);
  printf("sum %.10e result in %s\n", sum, out == a ? "a" : "b");
  free(a);
  free(b);
  return 0;
}
