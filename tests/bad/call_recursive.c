// expect: 13:14: error: call to 'smooth', which calls itself
// hint: write the update without recursion
/* A helper that applies a 3-point smoother `depth` times by recursion: calls are expanded into
 * the stencil by binding their arguments, which a recursive function cannot be. */
static double smooth(const double *u, int i, int depth) {
  if (depth == 0) return u[i];
  return 0.5 * smooth(u, i, depth - 1) + 0.25 * (smooth(u, i - 1, depth - 1) + smooth(u, i + 1, depth - 1));
}

void relax(int n, int nt, double *u, double *v) {
  for (int t = 0; t < nt; t++) {
    for (int i = 2; i < n - 2; i++)
      v[i] = smooth(u, i, 2);
    double *w = u;
    u = v;
    v = w;
  }
}
