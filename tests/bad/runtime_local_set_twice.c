// expect: 10:17: error: 'r' is set more than once (its initializer and each assignment count); a value stencilc does not compute (from 'atof') is read from a local set once before the time loop
// hint: set the coefficient once before the time loop and leave it unchanged in the loop: const double c = atof(argv[2]);
/* A default coefficient overridden from the command line: two values before the loop, which one
 * the loop sees is a run-time choice (set it once: argc > 1 ? atof(argv[1]) : 0.1). */
#include <stdlib.h>
#define N 64
static double u[2][N][N];
int main(int argc, char **argv) {
  double r = 0.1;
  if (argc > 1) r = atof(argv[1]);
  for (int t = 0; t < 100; t++)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        u[(t + 1) % 2][i][j] = u[t % 2][i][j] + r * (u[t % 2][i - 1][j] + u[t % 2][i + 1][j] +
                                                     u[t % 2][i][j - 1] + u[t % 2][i][j + 1] -
                                                     4 * u[t % 2][i][j]);
  return 0;
}
