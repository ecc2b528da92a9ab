/* The explicit heat equation as a numerical-methods course writes it: the diffusivity, the time
 * step and the mesh width are parameters of the solver, r = alpha dt / h^2 a local computed
 * before the time loop, the two time levels in one array; main prints the mean and the centre
 * value of both levels.
 * run: 40 29 0.9
 * cuda-backend: n5d
 */
#include <stdio.h>
#include <stdlib.h>

static void solve(int n, int nt, double alpha, double dt, double h, double u[2][n][n]) {
  double r = alpha * dt / (h * h);
  for (int t = 0; t < nt; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[(t + 1) % 2][i][j] = u[t % 2][i][j] + r * (u[t % 2][i - 1][j] + u[t % 2][i + 1][j] +
                                                     u[t % 2][i][j - 1] + u[t % 2][i][j + 1] -
                                                     4.0 * u[t % 2][i][j]);
}

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  int n = atoi(argv[1]), nt = atoi(argv[2]);
  double alpha = atof(argv[3]), h = 1.0 / (n - 1), dt = 0.2 * h * h;
  double (*u)[n][n] = malloc(sizeof(double[2][n][n]));
  for (int l = 0; l < 2; l++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) /* a hot top edge, a warm square inside */
        u[l][i][j] = i == 0 ? 1.0 : (i > n / 3 && i < 2 * n / 3 && j > n / 4 && j < n / 2) ? 0.5 : 0.0;
  solve(n, nt, alpha, dt, h, u);
  for (int l = 0; l < 2; l++) {
    double sum = 0;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) sum += u[l][i][j];
    printf("level %d: mean %.9f centre %.9f\n", l, sum / (n * n), u[l][n / 2][n / 2]);
  }
  free(u);
  return 0;
}
