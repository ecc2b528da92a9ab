// expect: 11:22: error: the boundary stage's cell along axis 0 is at 'jin', a position known at run time only
/* An inflow row whose index is a parameter (u[jin][i] = inflow[t]): refused, the boundary
 * stages' cells are constants or relative to the grid's extent (u[0][i], u[ny - 1][i]). */
void heat(int nx, int ny, int nt, int jin, float r, const float *inflow, float u[2][ny][nx]) {
  for (int t = 0; t < nt; t++) {
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        u[(t + 1) % 2][j][i] = u[t % 2][j][i] + r * (u[t % 2][j][i - 1] + u[t % 2][j][i + 1] +
                               u[t % 2][j - 1][i] + u[t % 2][j + 1][i] - 4.0f * u[t % 2][j][i]);
    for (int i = 0; i < nx; i++)
      u[(t + 1) % 2][jin][i] = inflow[t];
  }
}
