// expect: 7:20: error: the grids are picked by a test that is not the step's parity (t % 2, t & 1, or a level index toggled each step)
// hint: pick the two grids by the step's parity, the one read and the other written: double *src = (t % 2 == 0) ? u : v; double *dst = (t % 2 == 0) ? v : u;
/* The grids picked by a test that is not the step's parity (t < nt / 2). */
void smooth(int n, int nt, double *u, double *v) {
  for (int t = 0; t < nt; t++) {
    double *src = (t < nt / 2) ? u : v;
    double *dst = (t < nt / 2) ? v : u;
    for (int i = 1; i < n - 1; i++)
      dst[i] = (src[i - 1] + src[i] + src[i + 1]) / 3.0;
  }
}
