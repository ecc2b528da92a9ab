// expect: 9:32: error: 'j' is a counter of the loops over the grid: a coefficient computed from the cell's position is not taken
// hint: compute the values into an array before the time loop, one per position along th
/* A conductivity computed from the cell's position in the update, as textbook codes write
 * k(x) = 1 + x / 2: stencilc takes it as an array of values per position. */
void heat_kx(int n, int nt, double h, double u[2][n][n]) {
  for (int t = 0; t < nt; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        double k = 1.0 + 0.5 * j * h;
        u[(t + 1) % 2][i][j] = u[t % 2][i][j] + 0.1 * k * (u[t % 2][i - 1][j] + u[t % 2][i + 1][j] +
                               u[t % 2][i][j - 1] + u[t % 2][i][j + 1] - 4.0 * u[t % 2][i][j]);
      }
}
