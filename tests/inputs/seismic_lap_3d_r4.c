// expect: {"dims": 3, "dtype": "float", "extents": ["nz", "ny", "nx"], "radius": [4, 4, 4], "shape": "star", "npoints": 25, "coefs": {"0,0,0": -3.0, "0,0,4": 0.009999999776482582, "-4,0,0": 0.009999999776482582, "0,2,0": -0.20000000298023224, "1,0,0": 1.600000023841858}, "time_form": "pointer swap"}
/* The spatial part of a seismic kernel: an 8th-order 3D Laplacian (radius 4) on one field. */
static const float c0 = -3.0f, c1 = 1.6f, c2 = -0.2f, c3 = 0.025f, c4 = 0.01f;
void lap3d(int nz, int ny, int nx, int nt, float (*u)[ny][nx], float (*w)[ny][nx]) {
  for (int t = 0; t < nt; t++) {
    for (int z = 4; z < nz - 4; z++)
      for (int y = 4; y < ny - 4; y++)
        for (int x = 4; x < nx - 4; x++)
          w[z][y][x] = c0 * u[z][y][x]
                     + c1 * (u[z][y][x + 1] + u[z][y][x - 1] + u[z][y + 1][x] + u[z][y - 1][x] + u[z + 1][y][x] + u[z - 1][y][x])
                     + c2 * (u[z][y][x + 2] + u[z][y][x - 2] + u[z][y + 2][x] + u[z][y - 2][x] + u[z + 2][y][x] + u[z - 2][y][x])
                     + c3 * (u[z][y][x + 3] + u[z][y][x - 3] + u[z][y + 3][x] + u[z][y - 3][x] + u[z + 3][y][x] + u[z - 3][y][x])
                     + c4 * (u[z][y][x + 4] + u[z][y][x - 4] + u[z][y + 4][x] + u[z][y - 4][x] + u[z + 4][y][x] + u[z - 4][y][x]);
    float (*tmp)[ny][nx] = u;
    u = w;
    w = tmp;
  }
}
