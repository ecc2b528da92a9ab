/* 3D Jacobi heat step on a box with zero-flux faces: after the sweep, each pair of opposite
 * faces of the new grid copies its inner neighbour plane (x, then y, then z: the edges and
 * corners end with the z faces' values), then the grids are swapped. */
void heat3d(int nx, int ny, int nz, int nt, double k, double (*a)[ny][nx], double (*b)[ny][nx]) {
  for (int t = 0; t < nt; t++) {
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          b[z][y][x] = a[z][y][x] + k * (a[z][y][x - 1] + a[z][y][x + 1] + a[z][y - 1][x] +
                                         a[z][y + 1][x] + a[z - 1][y][x] + a[z + 1][y][x] -
                                         6.0 * a[z][y][x]);
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++) {
        b[z][y][0] = b[z][y][1];
        b[z][y][nx - 1] = b[z][y][nx - 2];
      }
    for (int z = 0; z < nz; z++)
      for (int x = 0; x < nx; x++) {
        b[z][0][x] = b[z][1][x];
        b[z][ny - 1][x] = b[z][ny - 2][x];
      }
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++) {
        b[0][y][x] = b[1][y][x];
        b[nz - 1][y][x] = b[nz - 2][y][x];
      }
    double (*tmp)[ny][nx] = a;
    a = b;
    b = tmp;
  }
}
