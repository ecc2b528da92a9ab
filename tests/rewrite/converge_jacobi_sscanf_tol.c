/* A Jacobi solver for Laplace's equation as a homework code writes it: the tolerance read from
 * the command line by sscanf into a double declared without a value (its address given to the
 * call once, before the loop), the residual the largest change, the new grid copied back; prints
 * the iterations and the centre value.
 * target: cpu
 * compare: exact
 * run: 1e-4
 * run: 3e-3
 */
#include <math.h>
#include <stdio.h>
#define NX 50
#define NY 42
static double phi[NY][NX], next[NY][NX];

int main(int argc, char **argv) {
  double tol;
  if (argc < 2 || sscanf(argv[1], "%lf", &tol) != 1) return 2;
  for (int i = 0; i < NX; i++) phi[0][i] = next[0][i] = 1.0;
  for (int j = 0; j < NY; j++) phi[j][NX - 1] = next[j][NX - 1] = 0.5;
  double diff = tol + 1.0;
  int it = 0;
  while (diff > tol && it < 5000) {
    diff = 0.0;
    for (int j = 1; j < NY - 1; j++)
      for (int i = 1; i < NX - 1; i++) {
        next[j][i] = 0.25 * (phi[j][i - 1] + phi[j][i + 1] + phi[j - 1][i] + phi[j + 1][i]);
        diff = fmax(diff, fabs(next[j][i] - phi[j][i]));
      }
    for (int j = 1; j < NY - 1; j++)
      for (int i = 1; i < NX - 1; i++) phi[j][i] = next[j][i];
    it++;
  }
  printf("%d %.12f %.12f\n", it, diff, phi[NY / 2][NX / 2]);
  return 0;
}
