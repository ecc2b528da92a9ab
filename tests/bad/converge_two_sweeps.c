// expect: 11:3: error: a convergence loop that sweeps twice an iteration (A into B, then B back into A)
// hint: sweep once an iteration (Anew from A, the residual from that sweep), then swap the pointers or copy Anew back into A
/* Jacobi with a tolerance, two half steps an iteration (a into b, b back into a): the residual
 * comes from the first. */
#include <math.h>
#define N 64
static double a[N][N], b[N][N];
int solve(double tol, int max_iter) {
  double err = tol + 1.0;
  int iter = 0;
  while (err > tol && iter < max_iter) {
    err = 0.0;
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++) {
        b[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
        err = fmax(err, fabs(b[i][j] - a[i][j]));
      }
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        a[i][j] = 0.25 * (b[i - 1][j] + b[i + 1][j] + b[i][j - 1] + b[i][j + 1]);
    iter++;
  }
  return iter;
}
