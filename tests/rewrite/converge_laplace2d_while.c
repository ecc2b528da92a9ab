/* The OpenACC/OpenMP laplace2d tutorial's Jacobi solver: a while loop on the largest change
 * (fmax) with an iteration cap, the new grid copied back each iteration; main sets a boundary
 * row to 1, prints the iterations, the last error and a checksum.
 * stencilc: --function laplace
 * target: cpu
 * compare: exact
 * run: 34 41 1e-5 100000
 * run: 34 41 1e-5 37
 * run: 20 20 2.0 100
 * run: 64 48 1e-4 5000
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int laplace(int n, int m, double tol, int iter_max, double A[n][m], double Anew[n][m],
                   double *err_out) {
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
    iter++;
  }
  *err_out = error;
  return iter;
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), m = atoi(argv[2]), iter_max = atoi(argv[4]);
  double tol = atof(argv[3]);
  double (*A)[m] = calloc((size_t)n, sizeof *A), (*Anew)[m] = calloc((size_t)n, sizeof *Anew);
  for (int i = 0; i < m; i++) A[0][i] = Anew[0][i] = 1.0;
  double error;
  int iter = laplace(n, m, tol, iter_max, A, Anew, &error);
  double sum = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) sum += A[j][i] * (1 + (j * 7 + i) % 5) + 0.5 * Anew[j][i];
  printf("iterations %d\nerror %.17g\nchecksum %.17g\nmid %.17g\n", iter, error, sum, A[n / 2][m / 2]);
  free(A);
  free(Anew);
  return 0;
}
