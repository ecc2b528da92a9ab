// expect: {"dims": 2, "npoints": 5, "coefs": {"0,0": 0.2, "-1,0": 0.2, "0,1": 0.2}}
/* Jacobi relaxation whose sweep is a function of its own, called twice per time iteration with
 * the grids swapped (no pointer swap), as many codes write it: two sweeps per iteration, the
 * time loop counting the steps by 2. */
static void jacobi(const double *in, double *out, int n) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      out[i * n + j] = 0.2 * (in[i * n + j] + in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                              in[i * n + j - 1] + in[i * n + j + 1]);
}

void solve(int n, int nt, double *a, double *b) {
  for (int t = 0; t < nt; t += 2) {
    jacobi(a, b, n);
    jacobi(b, a, n);
  }
}
