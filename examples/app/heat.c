/* heat.c: the stencil of the application, as its authors would write it in plain C: explicit
 * Euler steps of the 2D heat equation, the boundary (halo of one cell) held fixed.
 * stencilc reads this file; the application never compiles it (main.c has its own loop to
 * check the library against). */
#define ALPHA 0.2

void heat(int nx, int ny, int steps, double u[2][nx][ny]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        u[(t + 1) % 2][i][j] = u[t % 2][i][j] + ALPHA * (u[t % 2][i - 1][j] + u[t % 2][i + 1][j] +
                                                        u[t % 2][i][j - 1] + u[t % 2][i][j + 1] -
                                                        4.0 * u[t % 2][i][j]);
}
