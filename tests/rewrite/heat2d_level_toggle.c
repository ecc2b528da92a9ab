/* Heat 2D in one array of two levels, the level index toggled each step (cur = 1 - cur), as
 * codes that keep both levels in one allocation write it; prints the level the
 * result is in and a checksum.
 * run: 30 7
 * run: 26 10
 * cuda-backend: naive
 */
#include <stdio.h>
#include <stdlib.h>

static int heat(int n, int nt, float u[2][n][n]) {
  int cur = 0;
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[1 - cur][i][j] = u[cur][i][j] + 0.2f * (u[cur][i - 1][j] + u[cur][i + 1][j] +
                                                 u[cur][i][j - 1] + u[cur][i][j + 1] - 4.0f * u[cur][i][j]);
    cur = 1 - cur;
  }
  return cur;
}

int main(int argc, char **argv) {
  if (argc < 3) return 2;
  int n = atoi(argv[1]), nt = atoi(argv[2]);
  float (*u)[n][n] = malloc(sizeof(float[2][n][n]));
  for (int l = 0; l < 2; l++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) u[l][i][j] = (i == 0) ? 1.0f : (float)((i * 7 + j * 3) % 11) / 11.0f;
  int last = heat(n, nt, u);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) s += u[last][i][j] * (1.0 + 0.01 * i);
  printf("level %d checksum %.6f\n", last, s);
  free(u);
  return 0;
}
