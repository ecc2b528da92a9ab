/* Heat flow with a conductivity per cell on flat float arrays, read through row pointers set
 * before the inner loop (the rows above, at and below, the conductivity's row, the output row),
 * the grids swapped by pointer; r = dt / h^2 is a parameter. */
void heat2d_rows(int ny, int nx, int nt, float r, float *u, float *unew, const float *kappa) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < ny - 1; i++) {
      const float *up = &u[(i - 1) * nx], *row = &u[i * nx], *down = row + nx;
      const float *k = kappa + i * nx;
      float *out = &unew[i * nx];
      for (int j = 1; j < nx - 1; j++)
        out[j] = row[j] + r * k[j] * (up[j] + down[j] + row[j - 1] + row[j + 1] - 4.0f * row[j]);
    }
    float *tmp = u;
    u = unew;
    unew = tmp;
  }
}
