// expect: 14:16: error: the residual is computed every 'check_every' steps, a value known at run time only
// hint: write the number of steps between the residual's computations as a constant
/* The laplace2d solver taking the error every check_every iterations, an argument: the steps
 * that compute it are known at run time only. */
#include <math.h>
void laplace_every(int n, int m, double tol, int iter_max, int check_every, double A[n][m],
                   double Anew[n][m]) {
  double error = 1.0;
  int iter = 0;
  while (error > tol && iter < iter_max) {
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < m - 1; i++)
        Anew[j][i] = 0.25 * (A[j][i + 1] + A[j][i - 1] + A[j - 1][i] + A[j + 1][i]);
    if (iter % check_every == 0) {
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
