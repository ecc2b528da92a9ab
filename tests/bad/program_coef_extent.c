// expect: 3:75: error: axis 1 of 'vel' differs from the program's first grid
/* the velocity grid is declared with other extents than the wavefield */
void wave(int nz, int nx, int nt, float u[3][nz][nx], const float vel[nz][nz]) {
  for (int t = 1; t < nt; t++)
    for (int z = 1; z < nz - 1; z++)
      for (int x = 1; x < nx - 1; x++)
        u[(t + 1) % 3][z][x] = 2.0f * u[t % 3][z][x] - u[(t + 2) % 3][z][x]
                               + vel[z][x] * (u[t % 3][z - 1][x] + u[t % 3][z + 1][x] + u[t % 3][z][x - 1]
                                              + u[t % 3][z][x + 1] - 4.0f * u[t % 3][z][x]);
}
