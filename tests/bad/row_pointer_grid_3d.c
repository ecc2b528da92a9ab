// expect: 9:11: error: the grid 'v' is reached through row pointers; stencilc reads grids stored in one block
// hint: allocate the grid in one block and index it through a pointer to rows, double (*u)[n] = malloc(sizeof(double[n][n])); u[i][j], or flat: u[i * n + j]
/* A 3D grid of pointers to pointers (f3tensor style): only 2D grids of row pointers are read. */
void heat3d(int n, int nt, double ***u, double ***v) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          v[i][j][k] = u[i][j][k] + 0.1 * (u[i - 1][j][k] + u[i + 1][j][k] + u[i][j - 1][k] +
                                           u[i][j + 1][k] + u[i][j][k - 1] + u[i][j][k + 1] -
                                           6.0 * u[i][j][k]);
    double ***tmp = u; u = v; v = tmp;
  }
}
