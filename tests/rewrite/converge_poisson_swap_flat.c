/* Jacobi for the Poisson equation -lap(u) = 1 on a flat grid with a fixed boundary, the two
 * arrays swapped through pointers after each sweep, the largest change taken with an if (as
 * textbook solvers write it) and started above the tolerance; main prints the iterations, the
 * change and where the solution ended (which array: the parity of the iterations matters).
 * stencilc: --function solve
 * target: cpu
 * compare: exact
 * run: 30 25 1e-6 20000
 * run: 30 25 1e-6 33
 * run: 30 25 1e-6 34
 * run: 17 40 1e-3 20000
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define IDX(i, j) ((i) * (nx) + (j))

static int solve(int ny, int nx, double h2, double tol, int max_iter, double *u, double *unew,
                 double **result, double *change) {
  double diff = tol + 1.0;
  int it = 0;
  while (diff > tol && it < max_iter) {
    diff = 0.0;
    for (int i = 1; i < ny - 1; i++)
      for (int j = 1; j < nx - 1; j++) {
        unew[IDX(i, j)] = 0.25 * (u[IDX(i - 1, j)] + u[IDX(i + 1, j)] + u[IDX(i, j - 1)] +
                                  u[IDX(i, j + 1)] + h2);
        double d = fabs(unew[IDX(i, j)] - u[IDX(i, j)]);
        if (d > diff) diff = d;
      }
    double *tmp = u;
    u = unew;
    unew = tmp;
    it++;
  }
  *result = u;
  *change = diff;
  return it;
}

int main(int argc, char **argv) {
  int ny = atoi(argv[1]), nx = atoi(argv[2]), max_iter = atoi(argv[4]);
  double tol = atof(argv[3]), h = 1.0 / (nx - 1);
  double *u = calloc((size_t)(nx * ny), sizeof *u), *unew = calloc((size_t)(nx * ny), sizeof *unew);
  for (int j = 0; j < nx; j++) u[j] = unew[j] = sin(3.0 * j * h);
  double *result, change;
  int it = solve(ny, nx, h * h, tol, max_iter, u, unew, &result, &change);
  double norm = 0;
  for (int c = 0; c < nx * ny; c++) norm += result[c] * result[c];
  printf("converged after %d iterations, change %.12e\n", it, change);
  printf("result in %s, |u| = %.15f, u(mid) = %.15f\n", result == u ? "u" : "unew", sqrt(norm),
         result[(ny / 2) * nx + nx / 2]);
  free(u);
  free(unew);
  return 0;
}
