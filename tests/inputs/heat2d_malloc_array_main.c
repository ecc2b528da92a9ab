// expect: {"dims": 2, "dtype": "double", "extents": [64, 64], "steps": 20, "npoints": 5, "coefs": {"0,0": 0.6, "1,0": 0.1, "0,-1": 0.1}, "time_form": "pointer swap"}
#include <stdio.h>
#include <stdlib.h>
#define N 64
#define NSTEPS 20
/* The grids allocated as pointers to rows of N (double (*u)[N] = malloc(sizeof(double[N][N]))),
 * the whole program in main, the pointers swapped. */
int main(void) {
  double (*u)[N] = malloc(sizeof(double[N][N]));
  double (*un)[N] = malloc(sizeof(double[N][N]));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) u[i][j] = un[i][j] = (i == N / 2 && j == N / 2) ? 1.0 : 0.0;
  for (int step = 0; step < NSTEPS; step++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        un[i][j] = u[i][j] + 0.1 * (u[i+1][j] + u[i-1][j] + u[i][j+1] + u[i][j-1] - 4.0 * u[i][j]);
    double (*tmp)[N] = u; u = un; un = tmp;
  }
  printf("%g\n", u[N / 2][N / 2]);
  free(u); free(un);
  return 0;
}
