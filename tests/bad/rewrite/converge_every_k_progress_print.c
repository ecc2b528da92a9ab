// expect: 28:5: error: stencilc rewrite does not replace this convergence loop on 'error': it computes the residual every few steps, and a statement runs between its iterations (a print)
// hint: keep the loop in your code for this form (stencilc check verifies it)
/* laplace2d taking the error every 10 iterations and printing it every 100: the library's
 * chunks between the prints would each count their steps from 0, so the steps that compute the
 * residual would not be the source's. */
#include <math.h>
#include <stdio.h>
#define NN 40
#define NM 50
double A[NN][NM], Anew[NN][NM];
int main(void) {
  const double tol = 1e-4;
  const int iter_max = 1000;
  for (int j = 0; j < NN; j++) A[j][0] = Anew[j][0] = 1.0;
  double error = 1.0;
  int iter = 0;
  while (error > tol && iter < iter_max) {
    for (int j = 1; j < NN - 1; j++)
      for (int i = 1; i < NM - 1; i++)
        Anew[j][i] = 0.25 * (A[j][i + 1] + A[j][i - 1] + A[j - 1][i] + A[j + 1][i]);
    if (iter % 10 == 0) {
      error = 0.0;
      for (int j = 1; j < NN - 1; j++)
        for (int i = 1; i < NM - 1; i++) error = fmax(error, fabs(Anew[j][i] - A[j][i]));
    }
    for (int j = 1; j < NN - 1; j++)
      for (int i = 1; i < NM - 1; i++) A[j][i] = Anew[j][i];
    if (iter % 100 == 0) printf("%5d, %0.6f\n", iter, error);
    iter++;
  }
  printf("%5d, %0.9f\n", iter, error);
  return 0;
}
