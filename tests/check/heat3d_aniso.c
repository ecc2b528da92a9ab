/* 3D heat equation, explicit Euler, on a grid whose three sizes differ (nx fastest), with the
 * diffusion number a named constant, in single precision. */
#define RADIUS 1

void heat3d(long nz, long ny, long nx, int nsteps, float u[2][nz][ny][nx]) {
  const float r = 0.125f;
  for (int s = 0; s < nsteps; s++)
    for (long z = RADIUS; z < nz - RADIUS; z++)
      for (long y = RADIUS; y < ny - RADIUS; y++)
        for (long x = RADIUS; x < nx - RADIUS; x++)
          u[(s + 1) % 2][z][y][x] = u[s % 2][z][y][x] +
              r * (u[s % 2][z - 1][y][x] + u[s % 2][z + 1][y][x] + u[s % 2][z][y - 1][x] +
                   u[s % 2][z][y + 1][x] + u[s % 2][z][y][x - 1] + u[s % 2][z][y][x + 1] -
                   6.0f * u[s % 2][z][y][x]);
}
