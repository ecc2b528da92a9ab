/* The explicit 2D heat equation on the unit square as a numerical-methods course writes it: the
 * mesh width from the grid size (dx = 1 / (n - 1)), r = k dt / dx^2 from it and the parameters,
 * both locals before the time loop; two time levels in one array. */
void heat2d(int n, int steps, double k, double dt, double u[2][n][n]) {
  double dx = 1.0 / (n - 1);
  double r = k * dt / (dx * dx);
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[(t + 1) % 2][i][j] = u[t % 2][i][j] + r * (u[t % 2][i - 1][j] + u[t % 2][i + 1][j] +
                                                     u[t % 2][i][j - 1] + u[t % 2][i][j + 1] -
                                                     4.0 * u[t % 2][i][j]);
}
