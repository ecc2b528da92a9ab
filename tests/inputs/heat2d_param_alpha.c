// expect: {"dims": 2, "associative": true, "npoints": 5, "time_form": "copy-back", "scalars": {"alpha": {"kind": "parameter", "type": "double", "default": 1}, "r": {"kind": "derived", "type": "double"}}, "scoefs": {"0,0": [1, -4, "r"], "-1,0": [0, 1, "r"], "0,1": [0, 1, "r"]}}
/* Explicit (forward Euler) heat equation u_t = alpha * (u_xx + u_yy) on the unit square, the
 * way a numerical-methods course writes it: r = alpha * dt / h^2, then a Jacobi-style update
 * into B and a copy back. Defaults: alpha = 1 gives r = 0.1, |1 - 4r| + 4r = 1. */
#define DT 0.001
void heat(int n, int steps, double alpha, double A[n][n], double B[n][n]) {
  const double h = 0.1;
  double r = alpha * DT / (h * h);
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = A[i][j] + r * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1] - 4.0 * A[i][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = B[i][j];
  }
}
