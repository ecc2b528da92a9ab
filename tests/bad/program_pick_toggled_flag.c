// expect: 8:19: error: the grids are picked by a test that is not the step's parity (t % 2 or t & 1), the only test a stencil program's picks take
// hint: pick the two grids by the step's parity
/* A program (a conductivity grid) picking its grids by a flag toggled after each step: single
 * stencils take such a flag, programs the step's parity only. */
void heat(int n, int nsteps, double r, const double *k, double *u, double *v) {
  int flag = 0;
  for (int t = 0; t < nsteps; t++) {
    double *src = flag ? v : u;
    double *dst = flag ? u : v;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        dst[i * n + j] = src[i * n + j] + r * k[i * n + j] * (src[(i - 1) * n + j] - src[i * n + j]);
    flag = !flag;
  }
}
