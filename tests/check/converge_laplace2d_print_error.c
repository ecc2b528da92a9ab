/* laplace2d as the OpenACC and CUDA tutorials write it: the largest change as the error, a copy
 * back, and the iteration and the error printed every 100 iterations (a print reading the
 * residual, which gen leaves out and check blanks). */
#include <math.h>
#include <stdio.h>
int laplace(int n, int m, double tol, int iter_max, double A[n][m], double Anew[n][m]) {
  double error = 1.0;
  int iter = 0;
  while (error > tol && iter < iter_max) {
    error = 0.0;
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < m - 1; i++) {
        Anew[j][i] = 0.25 * (A[j][i + 1] + A[j][i - 1] + A[j - 1][i] + A[j + 1][i]);
        error = fmax(error, fabs(Anew[j][i] - A[j][i]));
      }
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < m - 1; i++) A[j][i] = Anew[j][i];
    if (iter % 100 == 0) printf("%5d, %0.6f\n", iter, error);
    iter++;
  }
  return iter;
}
