/* Jacobi relaxation of a 1D rod with fixed end temperatures until it settles: no iteration cap,
 * the tolerance a macro, a float grid and a float change (fmaxf, fabsf), the arrays swapped; the
 * sweep counter is declared before the loop and printed after it.
 * stencilc: --function main
 * target: cpu
 * compare: exact
 * run: 40
 * run: 41
 * run: 9
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define TOL 1.0e-4f

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  float *x = malloc(n * sizeof *x), *xn = malloc(n * sizeof *xn);
  for (int i = 0; i < n; i++) x[i] = xn[i] = 0.0f;
  x[0] = xn[0] = 10.0f;
  x[n - 1] = xn[n - 1] = 4.0f;
  float change = 1.0f;
  long sweeps = 0;
  while (change > TOL) {
    change = 0.0f;
    for (int i = 1; i < n - 1; i++) {
      xn[i] = 0.5f * (x[i - 1] + x[i + 1]);
      change = fmaxf(change, fabsf(xn[i] - x[i]));
    }
    float *t = x;
    x = xn;
    xn = t;
    sweeps++;
  }
  printf("%ld sweeps, change %.9g\n", sweeps, change);
  for (int i = 0; i < n; i += n / 4) printf("x[%d] = %.9g  xn[%d] = %.9g\n", i, x[i], i, xn[i]);
  free(x);
  free(xn);
  return 0;
}
