/* 2D heat on a periodic domain: arrays declared with one ghost layer (n + 2), the ghost rows
 * and columns refilled from the opposite edges before each sweep (0 <= i <= n + 1 for the
 * columns, corners included), the interior 1 <= i <= n swept into un, then copied back. */
void heat(int n, int nt, double r, double u[n + 2][n + 2], double un[n + 2][n + 2]) {
  for (int t = 0; t < nt; t++) {
    for (int j = 1; j <= n; j++) { u[0][j] = u[n][j]; u[n + 1][j] = u[1][j]; }
    for (int i = 0; i <= n + 1; i++) { u[i][0] = u[i][n]; u[i][n + 1] = u[i][1]; }
    for (int i = 1; i <= n; i++)
      for (int j = 1; j <= n; j++)
        un[i][j] = u[i][j] + r * (u[i+1][j] + u[i-1][j] + u[i][j+1] + u[i][j-1] - 4.0 * u[i][j]);
    for (int i = 1; i <= n; i++)
      for (int j = 1; j <= n; j++)
        u[i][j] = un[i][j];
  }
}
