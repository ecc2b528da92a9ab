/* Gauss-Jacobi smoothing until the change is small: a do-while loop, the residual through a
 * MAX macro, the copy-back in its own nest. */
#include <math.h>
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define N 66
static double T[N][N], Tnew[N][N];
int relax(double eps, int maxit) {
  double dT = 1.0;
  int k = 0;
  do {
    dT = 0.0;
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++) {
        Tnew[i][j] = (T[i - 1][j] + T[i + 1][j] + T[i][j - 1] + T[i][j + 1]) / 4.0;
        dT = MAX(dT, fabs(Tnew[i][j] - T[i][j]));
      }
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        T[i][j] = Tnew[i][j];
    k++;
  } while (dT > eps && k < maxit);
  return k;
}
