/* A double heat step with a conductivity grid, part of it ported from single precision: the
 * Laplacian summed into a float temporary and halved there (C rounds each value it stores in
 * lap to float), then a (float) of a double sum in the update. */
void heat(int nx, int ny, int steps, double r, double *u, double *v, const double *k) {
  for (int t = 0; t < steps; t++) {
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++) {
        int c = j * nx + i;
        float lap = u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx] - 4 * u[c];
        lap *= 0.5f;
        v[c] = u[c] + r * k[c] * (float)(lap + 0.1 * u[c]);
      }
    double *tmp = u; u = v; v = tmp;
  }
}
