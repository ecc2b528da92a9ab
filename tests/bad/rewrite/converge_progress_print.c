// expect: 25:5: error: stencilc rewrite does not replace this convergence loop on 'error': a statement in the loop runs between its iterations (a print)
// hint: keep the loop in your code for this form (stencilc check verifies it), or write the sweep, the residual and a copy-back nest or a pointer swap alone in the loop, and print after it
/* The laplace2d tutorial with its progress printed every 100 iterations inside the convergence
 * loop (a cell, not the error: a print reading the residual is refused by every command). The
 * library runs the whole loop in one call, so rewrite keeps it. */
#include <math.h>
#include <stdio.h>

void laplace(int n, int m, double tol, int iter_max, double A[n][m], double Anew[n][m]) {
  double error = 1.0;
  int iter = 0;
  while (error > tol && iter < iter_max) {
    error = 0.0;
    for (int j = 1; j < n - 1; j++) {
      for (int i = 1; i < m - 1; i++) {
        Anew[j][i] = 0.25 * (A[j][i + 1] + A[j][i - 1] + A[j - 1][i] + A[j + 1][i]);
        error = fmax(error, fabs(Anew[j][i] - A[j][i]));
      }
    }
    for (int j = 1; j < n - 1; j++) {
      for (int i = 1; i < m - 1; i++) {
        A[j][i] = Anew[j][i];
      }
    }
    if (iter % 100 == 0)
    printf("%5d, %0.6f\n", iter, A[n / 2][m / 2]);
    iter++;
  }
}
