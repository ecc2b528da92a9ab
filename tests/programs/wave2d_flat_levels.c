/* The 2D wave equation, 4th order in space, with its three time levels in one array of flat
 * levels (u[3][nz * nx], sizes at run time, t - 1 as (t + 2) % 3) and a squared-velocity grid;
 * each row's offset is computed before the inner loop and the cell's index from it, as C codes
 * hoist them. */
void wave2d(int nz, int nx, int nt, float u[3][nz * nx], const float c2[nz * nx]) {
  for (int t = 0; t < nt; t++)
    for (int i = 2; i < nz - 2; i++) {
      const int row = i * nx;
      for (int j = 2; j < nx - 2; j++) {
        const int c = row + j;
        float lap = -5.0f * u[t % 3][c] +
                    4.0f / 3.0f * (u[t % 3][c - 1] + u[t % 3][c + 1] + u[t % 3][c - nx] + u[t % 3][c + nx]) -
                    1.0f / 12.0f * (u[t % 3][c - 2] + u[t % 3][c + 2] + u[t % 3][c - 2 * nx] + u[t % 3][c + 2 * nx]);
        u[(t + 1) % 3][c] = 2.0f * u[t % 3][c] - u[(t + 2) % 3][c] + c2[c] * lap;
      }
    }
}
