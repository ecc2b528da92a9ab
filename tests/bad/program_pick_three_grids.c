// expect: 7:19: error: 'src' picks 'u' and 'v' by the step's parity, but no other pointer picks them the other way round: the grid read and the grid written must change places each step
// hint: pick the two grids by the step's parity
/* The grid written is picked among v and w while the one read is picked among u and v: no
 * two levels change places, so the step's result is not carried to the next. */
void heat(int n, int nsteps, double r, const double *k, double *u, double *v, double *w) {
  for (int t = 0; t < nsteps; t++) {
    double *src = (t % 2 == 0) ? u : v;
    double *dst = (t % 2 == 0) ? v : w;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        dst[i * n + j] = src[i * n + j] + r * k[i * n + j] * (src[(i - 1) * n + j] - src[i * n + j]);
  }
}
