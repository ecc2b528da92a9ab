/* Variable-conductivity heat on flat grids, the grid read and the grid written picked at the top
 * of each step by an if on the step's parity (no pointer swap), the pointers declared in the
 * time loop: the result is in u after an even count of steps, in v after an odd one. */
void heat(int nx, int ny, int steps, double r, const double *k, double *u, double *v) {
  for (int t = 0; t < steps; t++) {
    const double *src;
    double *dst;
    if (t % 2 == 0) {
      src = u;
      dst = v;
    } else {
      src = v;
      dst = u;
    }
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++) {
        int c = j * nx + i;
        dst[c] = src[c] + r * k[c] * (src[c - 1] + src[c + 1] + src[c - nx] + src[c + nx] -
                                      4.0 * src[c]);
      }
  }
}
