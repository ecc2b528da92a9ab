// expect: 10:12: error: the else branch does not set 'dst', which the if branch picks
// hint: pick the two grids by the step's parity, the one read and the other written: double *src = (t % 2 == 0) ? u : v; double *dst = (t % 2 == 0) ? v : u;
/* The else branch of the parity pick forgets the written grid: dst keeps the even steps' grid. */
void jacobi(int n, int nt, double *u, double *v) {
  double *src = u, *dst = v;
  for (int t = 0; t < nt; t++) {
    if (t % 2 == 0) {
      src = u;
      dst = v;
    } else {
      src = v;
    }
    for (int i = 1; i < n - 1; i++)
      dst[i] = 0.5 * (src[i - 1] + src[i + 1]);
  }
}
