/* Jacobi with the L2 norm of the update as the stopping test: the sum of squares of the change
 * accumulated over the cells, its root compared with the tolerance, the new grid copied back;
 * the program prints the iterations and the norm (the root of the sum) at the end.
 * stencilc: --function jacobi
 * target: cpu
 * compare: exact
 * run: 40 1e-4 10000
 * run: 40 1e-4 12
 * run: 23 1e-2 10000
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double norm;

static int jacobi(int n, double tol, int maxit, double (*u)[n], double (*unew)[n]) {
  int iter = 0;
  norm = 1.0;
  while (sqrt(norm) > tol && iter < maxit) {
    norm = 0.0;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
        double d = unew[i][j] - u[i][j];
        norm += d * d;
      }
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[i][j] = unew[i][j];
    iter++;
  }
  return iter;
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), maxit = atoi(argv[3]);
  double tol = atof(argv[2]);
  double (*u)[n] = malloc(sizeof(double[n][n])), (*unew)[n] = malloc(sizeof(double[n][n]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      u[i][j] = unew[i][j] = (i == 0 || j == n - 1) ? 1.0 : (i * 31 + j * 17) % 13 / 13.0;
  int iter = jacobi(n, tol, maxit, u, unew);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) s += u[i][j] - 0.25 * unew[i][j];
  printf("Jacobi: %d iterations, ||du|| = %.15g\nsum = %.15g\n", iter, sqrt(norm), s);
  free(u);
  free(unew);
  return 0;
}
