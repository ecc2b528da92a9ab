/* Two time levels in an array of two pointers, the current and the next level taken into locals
 * at the top of each step (grid[t & 1], grid[(t + 1) & 1]) as many heat codes do; run-time
 * diffusion numbers along each axis. */
void heat2d(int nx, int ny, int nsteps, double cx, double cy, double *grid[2]) {
  for (int t = 0; t < nsteps; t++) {
    double *cur = grid[t & 1];
    double *nxt = grid[(t + 1) & 1];
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        nxt[i * ny + j] = cur[i * ny + j] +
                          cx * (cur[(i + 1) * ny + j] - 2.0 * cur[i * ny + j] + cur[(i - 1) * ny + j]) +
                          cy * (cur[i * ny + j + 1] - 2.0 * cur[i * ny + j] + cur[i * ny + j - 1]);
  }
}
