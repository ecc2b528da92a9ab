/* Jacobi relaxation of a plate with fixed edge temperatures in fixed-size global arrays: a
 * do-while loop tests the largest change (a MAX macro) and the iteration cap, the new values
 * copied back in a nest of their own; prints the sweeps, the last change and samples.
 * stencilc: --function relax
 * target: cpu
 * compare: exact
 * run: 1e-3 5000
 * run: 1e-3 1
 * run: 1e-3 0
 * run: 1e6 50
 * run: 1e-2 17
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define N 50
static double T[N][N], Tnew[N][N];
static double dT;

int relax(double eps, int maxit) {
  int k = 0;
  dT = 1.0;
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

int main(int argc, char **argv) {
  double eps = atof(argv[1]);
  int maxit = atoi(argv[2]);
  for (int i = 0; i < N; i++) {
    T[i][0] = Tnew[i][0] = 100.0;
    T[i][N - 1] = Tnew[i][N - 1] = 20.0 + i;
  }
  int sweeps = relax(eps, maxit);
  printf("%d sweeps, last change %.10e\n", sweeps, dT);
  for (int i = 5; i < N; i += 11) printf("T[%d][%d] = %.12f  Tnew = %.12f\n", i, i, T[i][i], Tnew[i][i]);
  return 0;
}
