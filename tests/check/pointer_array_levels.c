/* Two grids in an array of two pointers, the current one chosen by cur, toggled each step. */
void smooth(int nx, int ny, int nt, double *grid[2]) {
  int cur = 0;
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        grid[1 - cur][i * ny + j] = 0.2 * (grid[cur][i * ny + j] + grid[cur][(i - 1) * ny + j] +
                                           grid[cur][(i + 1) * ny + j] + grid[cur][i * ny + j - 1] +
                                           grid[cur][i * ny + j + 1]);
    cur = 1 - cur;
  }
}
