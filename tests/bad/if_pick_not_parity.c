// expect: 8:9: error: the grids are picked by a test that is not the step's parity (t % 2, t & 1, or a level index toggled each step)
// hint: pick the two grids by the step's parity, the one read and the other written: double *src = (t % 2 == 0) ? u : v; double *dst = (t % 2 == 0) ? v : u;
/* The grids picked by a test of the step count, not its parity: every step after the fifth
 * reads v and writes u. */
void jacobi(int n, int nt, double *u, double *v) {
  for (int t = 0; t < nt; t++) {
    double *src, *dst;
    if (t < 5) {
      src = u;
      dst = v;
    } else {
      src = v;
      dst = u;
    }
    for (int i = 1; i < n - 1; i++)
      dst[i] = 0.5 * (src[i - 1] + src[i + 1]);
  }
}
