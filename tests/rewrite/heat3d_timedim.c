/* A 3D heat solver with the time levels as the first dimension of one heap array
 * (double (*u)[n][n][n], allocated with malloc, both levels initialised), run for a step count
 * from the command line; prints the mean of each level and a probe.
 * run: 18 7
 * cuda-backend: 25d
 */
#define _GNU_SOURCE /* first, as feature macros must be: the rewrite keeps it first */
#include <stdio.h>
#include <stdlib.h>

static void heat3d(int n, int nsteps, double u[2][n][n][n]) {
  const double k = 0.125;
  for (int t = 0; t < nsteps; t++)
    for (int x = 1; x < n - 1; x++)
      for (int y = 1; y < n - 1; y++)
        for (int z = 1; z < n - 1; z++)
          u[(t + 1) % 2][x][y][z] =
              u[t % 2][x][y][z] + k * (u[t % 2][x - 1][y][z] + u[t % 2][x + 1][y][z] +
                                       u[t % 2][x][y - 1][z] + u[t % 2][x][y + 1][z] +
                                       u[t % 2][x][y][z - 1] + u[t % 2][x][y][z + 1] -
                                       6.0 * u[t % 2][x][y][z]);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 16, steps = argc > 2 ? atoi(argv[2]) : 5;
  double (*u)[n][n][n] = malloc(2 * sizeof *u);
  for (int l = 0; l < 2; l++)
    for (int x = 0; x < n; x++)
      for (int y = 0; y < n; y++)
        for (int z = 0; z < n; z++)
          u[l][x][y][z] = (x == 0 || y == 0 || z == 0) ? 1.0 : ((x * 7 + y * 3 + z) % 11) / 10.0;
  heat3d(n, steps, u);
  for (int l = 0; l < 2; l++) {
    double s = 0;
    for (int x = 0; x < n; x++)
      for (int y = 0; y < n; y++)
        for (int z = 0; z < n; z++) s += u[l][x][y][z];
    printf("level %d mean %.12f\n", l, s / ((double)n * n * n));
  }
  printf("probe %.12f\n", u[steps % 2][n / 2][n / 3][n / 4]);
  free(u);
  return 0;
}
