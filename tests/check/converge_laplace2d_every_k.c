/* The laplace2d tutorial's Jacobi solver with the error taken every 10 iterations only, as codes
 * that run on a GPU write it to save the reduction and its copy back to the host: the sweep
 * every iteration, then on every tenth one the largest change in a loop nest of its own, before
 * the copy-back. On the other iterations the error keeps its last value. */
#include <math.h>
void laplace_every(int n, int m, double tol, int iter_max, double A[n][m], double Anew[n][m]) {
  double error = 1.0;
  int iter = 0;
  while (error > tol && iter < iter_max) {
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < m - 1; i++)
        Anew[j][i] = 0.25 * (A[j][i + 1] + A[j][i - 1] + A[j - 1][i] + A[j + 1][i]);
    if (iter % 10 == 0) {
      error = 0.0;
      for (int j = 1; j < n - 1; j++)
        for (int i = 1; i < m - 1; i++)
          error = fmax(error, fabs(Anew[j][i] - A[j][i]));
    }
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < m - 1; i++)
        A[j][i] = Anew[j][i];
    iter++;
  }
}
