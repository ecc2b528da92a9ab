/* The explicit 3D heat equation as a numerical-methods course writes it: the diffusivity, the
 * time step and the mesh width are parameters of the solver, r = alpha dt / h^2 a local computed
 * before the time loop, the two time levels in one array; main prints the mean and the centre
 * value of both levels.
 * run: 18 13 0.9
 * cuda-backend: n5d
 */
#include <stdio.h>
#include <stdlib.h>

static void solve(int n, int nt, double alpha, double dt, double h, double u[2][n][n][n]) {
  double r = alpha * dt / (h * h);
  for (int t = 0; t < nt; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++) {
          double sum6 = u[t % 2][i - 1][j][k] + u[t % 2][i + 1][j][k] + u[t % 2][i][j - 1][k] +
                        u[t % 2][i][j + 1][k] + u[t % 2][i][j][k - 1] + u[t % 2][i][j][k + 1];
          u[(t + 1) % 2][i][j][k] = (1.0 - 6.0 * r) * u[t % 2][i][j][k] + r * sum6;
        }
}

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  int n = atoi(argv[1]), nt = atoi(argv[2]);
  double alpha = atof(argv[3]), h = 1.0 / (n - 1), dt = 0.15 * h * h;
  double (*u)[n][n][n] = malloc(sizeof(double[2][n][n][n]));
  for (int l = 0; l < 2; l++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        for (int k = 0; k < n; k++) /* a hot bottom face, a warm block inside */
          u[l][i][j][k] = i == 0 ? 1.0 : (i > n / 3 && i < 2 * n / 3 && j > n / 4 && k < n / 2) ? 0.5 : 0.0;
  solve(n, nt, alpha, dt, h, u);
  for (int l = 0; l < 2; l++) {
    double sum = 0;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        for (int k = 0; k < n; k++) sum += u[l][i][j][k];
    printf("level %d: mean %.9f centre %.9f\n", l, sum / ((double)n * n * n), u[l][n / 2][n / 2][n / 2]);
  }
  free(u);
  return 0;
}
