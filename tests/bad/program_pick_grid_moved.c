// expect: 14:5: error: the grid 'u', which 'src' picks by the step's parity, is moved in the time loop
// hint: pick the two grids by the step's parity
/* Grids picked by the step's parity and swapped as well: the picks and the swap together
 * leave the same grid read every step. */
void heat(int n, int nsteps, double r, const double *k, double *u, double *v) {
  double *src, *dst;
  for (int t = 0; t < nsteps; t++) {
    src = (t % 2 == 0) ? u : v;
    dst = (t % 2 == 0) ? v : u;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        dst[i * n + j] = src[i * n + j] + r * k[i * n + j] * (src[(i - 1) * n + j] - src[i * n + j]);
    double *tmp = u;
    u = v;
    v = tmp;
  }
}
