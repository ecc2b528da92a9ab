/* The tutorials' laplace2d in main with the error taken every 10 iterations only (the reduction
 * is what a GPU port saves), started at 2 tol + 1 above any tolerance, the tolerance and the cap
 * from the command line; the counter, the error and a cell printed after the loop.
 * target: cpu
 * compare: exact
 * run: 1e-3 1000
 * run: 1e-5 700
 * run: 5 10
 * run: 0 35
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#define NN 48
#define NM 60
double A[NN][NM], Anew[NN][NM];
int main(int argc, char **argv) {
  const double tol = argc > 1 ? atof(argv[1]) : 1e-3;
  const int iter_max = argc > 2 ? atoi(argv[2]) : 1000;
  for (int j = 0; j < NN; j++) A[j][0] = Anew[j][0] = 1.0;
  double error = 2.0 * tol + 1.0;
  int iter = 0;
  while (error > tol && iter < iter_max) {
    for (int j = 1; j < NN - 1; j++)
      for (int i = 1; i < NM - 1; i++)
        Anew[j][i] = 0.25 * (A[j][i + 1] + A[j][i - 1] + A[j - 1][i] + A[j + 1][i]);
    if (iter % 10 == 0) {
      error = 0.0;
      for (int j = 1; j < NN - 1; j++)
        for (int i = 1; i < NM - 1; i++) error = fmax(error, fabs(Anew[j][i] - A[j][i]));
    }
    for (int j = 1; j < NN - 1; j++)
      for (int i = 1; i < NM - 1; i++) A[j][i] = Anew[j][i];
    iter++;
  }
  printf("%5d, %0.9f %0.12f\n", iter, error, A[NN / 2][NM / 2]);
  return 0;
}
