// expect: 18:16: error: the call to 'monitor' in the time loop passes a pointer to a double * parameter, which may change the grids
// hint: in the time loop, beside the sweep, stencilc takes prints and snapshots that change nothing
/* A coefficient read by sscanf before the loop whose address a call in the time loop takes (a
 * monitor that may adjust it): its value at each step is not the one set before the loop. */
#include <stdio.h>
#define N 64
static double u[2][N][N];
void monitor(int t, double *coef, const double *grid);
int main(int argc, char **argv) {
  double r;
  if (argc < 2 || sscanf(argv[1], "%lf", &r) != 1) return 1;
  for (int t = 0; t < 100; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        u[(t + 1) % 2][i][j] = u[t % 2][i][j] + r * (u[t % 2][i - 1][j] + u[t % 2][i + 1][j] +
                                                     u[t % 2][i][j - 1] + u[t % 2][i][j + 1] -
                                                     4 * u[t % 2][i][j]);
    monitor(t, &r, &u[(t + 1) % 2][0][0]);
  }
  return 0;
}
