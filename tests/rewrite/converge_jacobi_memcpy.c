/* Jacobi smoothing in fixed-size global arrays until the largest change drops below the
 * tolerance, the whole new grid copied back with memcpy each iteration (its edges too: unew's
 * edges are set to other values than u's, so after the first iteration u has unew's edges, as
 * the program's own loop has it).
 * stencilc: --function smooth
 * target: cpu
 * compare: exact
 * run: 1e-6 100000
 * run: 1e-6 1
 * run: 1e-6 2
 * run: 1e-6 0
 * run: 1e-3 3000
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 40
static double u[N][N], unew[N][N];

static int smooth(double tol, int maxit, double *last) {
  double diff = 1.0;
  int it = 0;
  while (diff > tol && it < maxit) {
    diff = 0.0;
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++) {
        unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
        diff = fmax(diff, fabs(unew[i][j] - u[i][j]));
      }
    memcpy(u, unew, sizeof u);
    it++;
  }
  *last = diff;
  return it;
}

int main(int argc, char **argv) {
  double tol = atof(argv[1]), last;
  int maxit = atoi(argv[2]);
  for (int i = 0; i < N; i++) {
    u[i][0] = u[0][i] = 1.0;
    unew[i][0] = unew[0][i] = 0.5 + 0.01 * i;
  }
  int it = smooth(tol, maxit, &last);
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) sum += u[i][j] * (i + 1) - unew[i][j] * (j % 3);
  printf("iterations = %d, diff = %.17g\nsum = %.17g, u[1][1] = %.17g, u[5][0] = %.17g\n", it, last,
         sum, u[1][1], u[5][0]);
  return 0;
}
