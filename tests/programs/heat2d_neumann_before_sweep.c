/* Insulated edges refreshed on the current level before each sweep (columns, then rows: the
 * corners take the rows' values), the loops bounded as i + 1 < ny and nx - 1 > j, a copy-back
 * nest. */
void heat(int ny, int nx, int nt, double r, double u[ny][nx], double un[ny][nx]) {
  for (int t = 0; t < nt; t++) {
    for (int i = 0; i < ny; i++) { u[i][0] = u[i][1]; u[i][nx - 1] = u[i][nx - 2]; }
    for (int j = 0; j < nx; j++) { u[0][j] = u[1][j]; u[ny - 1][j] = u[ny - 2][j]; }
    for (int i = 1; i + 1 < ny; i++)
      for (int j = 1; nx - 1 > j; j++)
        un[i][j] = u[i][j] + r * (u[i+1][j] + u[i-1][j] + u[i][j+1] + u[i][j-1] - 4.0 * u[i][j]);
    for (int i = 1; i + 1 < ny; i++)
      for (int j = 1; nx - 1 > j; j++)
        u[i][j] = un[i][j];
  }
}
