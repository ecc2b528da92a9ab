// expect: {"dims": 2, "extents": ["n", "m"], "halo_lo": [1, 1], "halo_hi": [1, 1], "radius": [1, 1], "shape": "box", "npoints": 9, "coefs": {"0,0": 0.20000000298023224, "1,1": 0.05000000074505806, "-1,0": 0.15000000596046448}, "time_form": "time levels"}
/* A 9-point Jacobi whose halo and weights come from an enum and const locals. */
enum { HALO = 1 };
void jacobi9(int n, int m, int steps, float A[2][n][m]) {
  const float w0 = 0.2f, w1 = 0.15f, w2 = 0.05f;
  for (int t = 0; t < steps; t++)
    for (int i = HALO; i < n - HALO; i++)
      for (int j = HALO; j < m - HALO; j++)
        A[(t + 1) % 2][i][j] = w0 * A[t % 2][i][j]
                             + w1 * (A[t % 2][i - 1][j] + A[t % 2][i + 1][j] + A[t % 2][i][j - 1] + A[t % 2][i][j + 1])
                             + w2 * (A[t % 2][i - 1][j - 1] + A[t % 2][i - 1][j + 1] + A[t % 2][i + 1][j - 1] + A[t % 2][i + 1][j + 1]);
}
