/* The Jacobi relaxation of the OpenACC/CUDA tutorials' laplace2d: static arrays, a while loop on
 * the largest change and an iteration cap, a copy-back nest, and the iteration count with the
 * current error printed every 100 iterations, after the copy (the print reads the residual);
 * the solver a function of the tolerance and the cap, which main reads from its arguments.
 * stencilc: --function laplace
 * target: cpu
 * compare: exact
 * run: 1.0e-3 1000
 * run: 1.0e-6 1000
 * run: 1.0e-6 250
 * run: 2.0 10
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NN 96
#define NM 112

double A[NN][NM];
double Anew[NN][NM];

static void laplace(double tol, int iter_max) {
  const int n = NN, m = NM;
  double error = 1.0;

  memset(A, 0, n * m * sizeof(double));
  memset(Anew, 0, n * m * sizeof(double));
  for (int j = 0; j < n; j++) {
    A[j][0] = 1.0;
    Anew[j][0] = 1.0;
  }
  printf("Jacobi relaxation Calculation: %d x %d mesh\n", n, m);

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
    if (iter % 100 == 0) printf("%5d, %0.6f\n", iter, error);
    iter++;
  }
  printf(" total: %d iterations, error %0.9f, A[n/2][m/2] = %0.12f\n", iter, error, A[n / 2][m / 2]);
}

int main(int argc, char **argv) {
  if (argc < 3) return 1;
  laplace(atof(argv[1]), atoi(argv[2]));
  return 0;
}
