/* heat2d_var: heat flow through a material of varying conductivity, u_t = div(k grad u), in
 * conservative form: the conductivity grid k is read at the cell and its four neighbours (face
 * values are the mean of the two cells). r = dt / h^2. */
void heat2d_var(int nx, int ny, int steps, double r, double u[2][ny][nx], const double k[ny][nx]) {
  for (int t = 0; t < steps; t++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++) {
        double ke = 0.5 * (k[y][x] + k[y][x + 1]), kw = 0.5 * (k[y][x] + k[y][x - 1]);
        double kn = 0.5 * (k[y][x] + k[y - 1][x]), ks = 0.5 * (k[y][x] + k[y + 1][x]);
        u[(t + 1) % 2][y][x] = u[t % 2][y][x]
            + r * (ke * (u[t % 2][y][x + 1] - u[t % 2][y][x]) - kw * (u[t % 2][y][x] - u[t % 2][y][x - 1])
                   + ks * (u[t % 2][y + 1][x] - u[t % 2][y][x]) - kn * (u[t % 2][y][x] - u[t % 2][y - 1][x]));
      }
}
