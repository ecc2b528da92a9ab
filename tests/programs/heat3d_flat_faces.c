/* heat3d_faces.c on flat double arrays through an IDX macro: the zero-flux faces indexed
 * b[IDX(z, y, nx - 1)], b[(z * ny + ny - 1) * nx + x], b[y * nx + x] (the first plane). */
#define IDX(z, y, x) (((z) * ny + (y)) * nx + (x))
void heat3d(int nx, int ny, int nz, int nt, double k, double *a, double *b) {
  for (int t = 0; t < nt; t++) {
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          b[IDX(z, y, x)] = a[IDX(z, y, x)] + k * (a[IDX(z, y, x - 1)] + a[IDX(z, y, x + 1)] + a[IDX(z, y - 1, x)] +
                                         a[IDX(z, y + 1, x)] + a[IDX(z - 1, y, x)] + a[IDX(z + 1, y, x)] -
                                         6.0 * a[IDX(z, y, x)]);
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++) {
        b[IDX(z, y, 0)] = b[IDX(z, y, 1)];
        b[IDX(z, y, nx - 1)] = b[IDX(z, y, nx - 2)];
      }
    for (int z = 0; z < nz; z++)
      for (int x = 0; x < nx; x++) {
        b[(z * ny) * nx + x] = b[(z * ny + 1) * nx + x];
        b[(z * ny + ny - 1) * nx + x] = b[IDX(z, ny - 2, x)];
      }
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++) {
        b[y * nx + x] = b[IDX(1, y, x)];
        b[IDX(nz - 1, y, x)] = b[IDX(nz - 2, y, x)];
      }
    double *tmp = a;
    a = b;
    b = tmp;
  }
}
