// expect: 9:21: error: integer division by the constant 0
/* Weights normalised by an integer sum that is zero (a Laplacian's weights sum to 0): the
 * integer division has no value in C. */
static const int L[3] = {1, -2, 1};

void f(int n, int steps, double *restrict u, double *restrict v) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      v[i] = u[i] + L[0] / (L[0] + L[1] + L[2]) * u[i - 1];
    double *s = u; u = v; v = s;
  }
}
