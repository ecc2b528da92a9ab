/* Textbook explicit heat with two time levels of one array, the step counter running from 1 to
 * nt and the new level written as u[t % 2] from u[(t - 1) % 2]; prints the level the last step
 * wrote (u[nt % 2]): a checksum and a few cells, for odd and even step counts.
 * run: 30 7
 * run: 25 6
 */
#include <stdio.h>
#include <stdlib.h>

static void heat2d(int n, int nt, double u[2][n][n]) {
  for (int t = 1; t <= nt; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[t % 2][i][j] = u[(t - 1) % 2][i][j] +
                         0.1 * (u[(t - 1) % 2][i - 1][j] + u[(t - 1) % 2][i + 1][j] +
                                u[(t - 1) % 2][i][j - 1] + u[(t - 1) % 2][i][j + 1] -
                                4 * u[(t - 1) % 2][i][j]);
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), nt = atoi(argv[2]);
  double (*u)[n][n] = malloc(sizeof(double[2][n][n]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) u[0][i][j] = u[1][i][j] = (i == n / 2 && j == n / 3) ? 100.0 : (i + j) % 5;
  heat2d(n, nt, u);
  double sum = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) sum += u[nt % 2][i][j];
  printf("sum %.9f\ncells %.9f %.9f\n", sum, u[nt % 2][n / 2][n / 3], u[nt % 2][n / 2 + 1][n / 3]);
  free(u);
  return 0;
}
