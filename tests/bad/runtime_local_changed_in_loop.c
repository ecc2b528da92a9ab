// expect: 22:5: error: 'c2' is changed in the time loop, beside the sweep
// hint: set run-time coefficients once before the time loop and leave them unchanged in it
/* The 2D wave equation with its Courant factor from the command line, damped after each step
 * inside the time loop: the coefficient is no value fixed before the loop. */
#include <stdlib.h>
int main(int argc, char **argv) {
  if (argc < 4) return 2;
  int n = atoi(argv[1]), nt = atoi(argv[2]);
  double *prev = calloc((size_t)n * n, sizeof *prev), *cur = calloc((size_t)n * n, sizeof *cur);
  double *next = calloc((size_t)n * n, sizeof *next);
  double c2 = atof(argv[3]);
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        next[i * n + j] = 2.0 * cur[i * n + j] - prev[i * n + j] +
                          c2 * (cur[(i - 1) * n + j] + cur[(i + 1) * n + j] + cur[i * n + j - 1] +
                                cur[i * n + j + 1] - 4.0 * cur[i * n + j]);
    double *tmp = prev;
    prev = cur;
    cur = next;
    next = tmp;
    c2 *= 0.999;
  }
  return 0;
}
