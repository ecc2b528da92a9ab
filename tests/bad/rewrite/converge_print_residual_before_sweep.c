// expect: 15:5: error: stencilc rewrite does not replace this convergence loop on 'err': a print reads the residual before the iteration has computed it
// hint: keep the loop in your code for this form (stencilc check verifies it), or write the sweep, the residual and a copy-back nest or a pointer swap alone in the loop, and print after it
/* A Jacobi solver that prints the previous iteration's change at the top of each iteration,
 * before it resets it: every command but rewrite takes it (the library leaves the residual of
 * the last step it made, not of the one before). */
#include <math.h>
#include <stdio.h>
#define N 48
static double u[N][N], v[N][N];
int main(void) {
  double err = 1.0;
  int it = 0;
  for (int j = 0; j < N; j++) u[j][0] = v[j][0] = 1.0;
  while (err > 1e-4 && it < 500) {
    if (it % 50 == 0) printf("%d %g\n", it, err);
    err = 0.0;
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++) {
        v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
        err = fmax(err, fabs(v[i][j] - u[i][j]));
      }
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++) u[i][j] = v[i][j];
    it++;
  }
  printf("%d %g\n", it, err);
  return 0;
}
