// expect: {"dims": 1, "npoints": 3, "coefs": {"0": 0.5, "-1": 0.25, "1": 0.25}}
/* 1D heat step with the time loop written `t != nt`, as C++-influenced codes write counted
 * loops, over arrays swapped by pointer. */
void heat1d(int n, int nt, float *u, float *v) {
  for (int t = 0; t != nt; ++t) {
    for (int i = 1; i < n - 1; ++i)
      v[i] = 0.25f * u[i - 1] + 0.5f * u[i] + 0.25f * u[i + 1];
    float *w = u;
    u = v;
    v = w;
  }
}
