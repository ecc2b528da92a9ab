// expect: 13:53: error: 'smooth' reads the global 'weight', which a variable of 'relax' hides
// hint: rename the variable of the caller or the global
/* The helper reads a file-scope weight, and the caller has a local of the same name: expanded at
 * the call, the helper's expression would read the local instead, so stencilc refuses. */
static const double weight = 0.25;

static inline double smooth(const double *u, int i) {
  return weight * (u[i - 1] + u[i + 1]) + 0.5 * u[i];
}

void relax(int n, int nt, double weight, double *u, double *v) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++) v[i] = weight * smooth(u, i);
    double *w = u;
    u = v;
    v = w;
  }
}
