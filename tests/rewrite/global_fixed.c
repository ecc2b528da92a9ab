/* A fixed-size code: the grid a global float array with a time dimension, sizes and the step
 * count compile-time constants (as in old Fortran-to-C ports); prints a row of the result.
 * cuda-backend: n5d
 */
#include <stdio.h>

#define NX 64
#define NY 80
#define NSTEPS 25

float grid[2][NX][NY];

static void smooth(void) {
  for (int t = 0; t < NSTEPS; t++)
    for (int i = 1; i < NX - 1; i++)
      for (int j = 1; j < NY - 1; j++)
        grid[(t + 1) % 2][i][j] = 0.25f * (grid[t % 2][i - 1][j] + grid[t % 2][i + 1][j]) +
                                  0.25f * (grid[t % 2][i][j - 1] + grid[t % 2][i][j + 1]);
}

int main(void) {
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++) grid[0][i][j] = grid[1][i][j] = (i * j) % 5 == 0 ? 1.0f : 0.0f;
  smooth();
  for (int j = 0; j < NY; j += 9) printf("%.6f\n", grid[NSTEPS % 2][NX / 2][j]);
  return 0;
}
