// expect: 10:11: error: the grid 'v' is reached through row pointers in a form stencilc does not read
// hint: read row pointers to float or double with a subscript per loop, u[i][j] in 2D or u[i][j][k] in 3D, or allocate the grid in one block and index it through a pointer to rows, double (*u)[n] = malloc(sizeof(double[n][n])); u[i][j], or flat: u[i * n + j]
/* A 3D grid kept as an array of pointers to flat planes, read as u[i][j * nz + k]: the planes
 * are pointers, the rows within them flat. */
void heat3d(int nx, int ny, int nz, int nt, double **u, double **v) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        for (int k = 1; k < nz - 1; k++)
          v[i][j * nz + k] = u[i][j * nz + k] +
                             0.1 * (u[i - 1][j * nz + k] + u[i + 1][j * nz + k] +
                                    u[i][(j - 1) * nz + k] + u[i][(j + 1) * nz + k] +
                                    u[i][j * nz + k - 1] + u[i][j * nz + k + 1] -
                                    6.0 * u[i][j * nz + k]);
    double **tmp = u;
    u = v;
    v = tmp;
  }
}
