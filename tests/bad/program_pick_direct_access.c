// expect: 11:63: error: 'u' is accessed directly, but the step picks it into 'src' or 'dst' by its parity: which level it holds changes each step
// hint: read and write the grids through the pointers that pick them
/* A heat step whose grids are picked by the step's parity, one neighbour read from u itself:
 * u holds level t at even steps only, so the read is refused. */
void heat(int n, int nsteps, double r, const double *k, double *u, double *v) {
  for (int t = 0; t < nsteps; t++) {
    double *src = (t % 2 == 0) ? u : v;
    double *dst = (t % 2 == 0) ? v : u;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        dst[i * n + j] = src[i * n + j] + r * k[i * n + j] * (u[(i - 1) * n + j] - src[i * n + j]);
  }
}
