/* Heat equation on a stretched (non-uniform) grid, finite volumes as CFD codes write them: the
 * inverse widths of the cells (rdx[j], rdy[i]) and the inverse distances between cell centres
 * (rdxc[j] between j and j + 1, so rdxc[j - 1] on the left face), 1D arrays the caller fills
 * from the mesh; two time levels in the first dimension of the array. */
void heat_stretched(int ny, int nx, int nt, double dt, double u[2][ny][nx], const double rdx[nx],
                    const double rdxc[nx], const double rdy[ny], const double rdyc[ny]) {
  for (int t = 0; t < nt; t++)
    for (int i = 1; i < ny - 1; i++)
      for (int j = 1; j < nx - 1; j++) {
        double fx = (u[t % 2][i][j + 1] - u[t % 2][i][j]) * rdxc[j] -
                    (u[t % 2][i][j] - u[t % 2][i][j - 1]) * rdxc[j - 1];
        double fy = (u[t % 2][i + 1][j] - u[t % 2][i][j]) * rdyc[i] -
                    (u[t % 2][i][j] - u[t % 2][i - 1][j]) * rdyc[i - 1];
        u[(t + 1) % 2][i][j] = u[t % 2][i][j] + dt * (fx * rdx[j] + fy * rdy[i]);
      }
}
