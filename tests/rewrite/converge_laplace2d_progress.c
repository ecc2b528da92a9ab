/* The laplace2d tutorial with its progress report: every 100 iterations the solver prints the
 * iteration and the value at the middle of the plate from inside the convergence loop, after
 * the copy-back (the tutorial prints the error there; a print reading the residual is not
 * taken), and one before the sweep on the first iteration. At the end, the iterations and the
 * error.
 * stencilc: --function solve
 * target: cpu
 * compare: exact
 * run: 24 30 1e-5 100000
 * run: 24 30 1e-5 250
 * run: 24 30 1e-5 201
 * run: 24 30 1e-5 200
 * run: 24 30 1e-5 0
 * run: 24 30 3.0 100
 * run: 12 12 1e-3 100000
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int solve(int n, int m, double tol, int iter_max, double (*A)[m], double (*Anew)[m],
                 double *err) {
  double error = 1.0;
  int iter = 0;
  while (error > tol && iter < iter_max) {
    if (iter == 0) printf("start: A[1][1] = %.6f\n", A[1][1]);
    error = 0.0;
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < m - 1; i++) {
        Anew[j][i] = 0.25 * (A[j][i + 1] + A[j][i - 1] + A[j - 1][i] + A[j + 1][i]);
        error = fmax(error, fabs(Anew[j][i] - A[j][i]));
      }
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < m - 1; i++)
        A[j][i] = Anew[j][i];
    if (iter % 100 == 0) printf("%5d, %0.6f\n", iter, A[n / 2][m / 2]);
    iter++;
  }
  *err = error;
  return iter;
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), m = atoi(argv[2]), iter_max = atoi(argv[4]);
  double tol = atof(argv[3]);
  double (*A)[m] = calloc((size_t)n, sizeof *A), (*Anew)[m] = calloc((size_t)n, sizeof *Anew);
  for (int j = 0; j < n; j++) A[j][0] = Anew[j][0] = 1.0;
  double error;
  int iter = solve(n, m, tol, iter_max, A, Anew, &error);
  printf(" total: %d iterations, error %.17g, A[n/2][1] = %.17g\n", iter, error, A[n / 2][1]);
  free(A);
  free(Anew);
  return 0;
}
