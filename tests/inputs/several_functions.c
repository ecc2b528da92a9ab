// expect: {"dims": 3, "extents": ["n", "n", "n"], "radius": [1, 1, 1], "shape": "star", "npoints": 7, "coefs": {"0,0,0": -0.5, "1,0,0": 0.25, "0,0,-1": 0.25}, "time_form": "time levels"}
/* init, kernel and checksum in one file: only the kernel holds a stencil time loop. */
void init(int n, double A[2][n][n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++) A[0][i][j][k] = A[1][i][j][k] = (i + j + k) % 5;
}
double checksum(int n, double A[2][n][n][n]) {
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++) s += A[0][i][j][k];
  return s;
}
void kernel(int n, int steps, double A[2][n][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[(t + 1) % 2][i][j][k] = -0.5 * A[t % 2][i][j][k] +
              0.25 * (A[t % 2][i - 1][j][k] + A[t % 2][i + 1][j][k] + A[t % 2][i][j - 1][k] +
                      A[t % 2][i][j + 1][k] + A[t % 2][i][j][k - 1] + A[t % 2][i][j][k + 1]);
}
