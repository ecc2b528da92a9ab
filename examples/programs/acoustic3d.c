/* acoustic3d: the 3D acoustic wave equation, second order in time, eighth order in space
 * (radius 4), velocity grid, three time levels in one array (t-1 written as (t + 2) % 3).
 * v2 holds (v dt / h)^2 per cell. */
#define R 4
#define C0 (-205.0f / 72.0f)
#define C1 (8.0f / 5.0f)
#define C2 (-1.0f / 5.0f)
#define C3 (8.0f / 315.0f)
#define C4 (-1.0f / 560.0f)

void acoustic3d(int nz, int ny, int nx, int nt, float u[3][nz][ny][nx], const float v2[nz][ny][nx]) {
  for (int t = 1; t < nt; t++)
    for (int z = R; z < nz - R; z++)
      for (int y = R; y < ny - R; y++)
        for (int x = R; x < nx - R; x++) {
          float lap = 3.0f * C0 * u[t % 3][z][y][x]
            + C1 * (u[t % 3][z - 1][y][x] + u[t % 3][z + 1][y][x] + u[t % 3][z][y - 1][x]
                    + u[t % 3][z][y + 1][x] + u[t % 3][z][y][x - 1] + u[t % 3][z][y][x + 1])
            + C2 * (u[t % 3][z - 2][y][x] + u[t % 3][z + 2][y][x] + u[t % 3][z][y - 2][x]
                    + u[t % 3][z][y + 2][x] + u[t % 3][z][y][x - 2] + u[t % 3][z][y][x + 2])
            + C3 * (u[t % 3][z - 3][y][x] + u[t % 3][z + 3][y][x] + u[t % 3][z][y - 3][x]
                    + u[t % 3][z][y + 3][x] + u[t % 3][z][y][x - 3] + u[t % 3][z][y][x + 3])
            + C4 * (u[t % 3][z - 4][y][x] + u[t % 3][z + 4][y][x] + u[t % 3][z][y - 4][x]
                    + u[t % 3][z][y + 4][x] + u[t % 3][z][y][x - 4] + u[t % 3][z][y][x + 4]);
          u[(t + 1) % 3][z][y][x] = 2.0f * u[t % 3][z][y][x] - u[(t + 2) % 3][z][y][x] + v2[z][y][x] * lap;
        }
}
