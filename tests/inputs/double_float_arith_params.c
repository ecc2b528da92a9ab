// expect: {"dims": 2, "dtype": "double", "associative": false, "npoints": 5, "scalars": {"cx": {"kind": "parameter", "type": "float"}, "cy": {"kind": "parameter", "type": "float"}}}
// check: -s 24 -t 4
/* Heat step with float diffusion numbers on double grids: the neighbours read as (float), the
 * products and sums of floats computed in float arithmetic as C does, the rest in double. */
void diffuse(int n, int steps, float cx, float cy, double A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = A[t % 2][i][j]
            + cx * ((float)A[t % 2][i - 1][j] + (float)A[t % 2][i + 1][j])
            + cy * (float)(A[t % 2][i][j - 1] + A[t % 2][i][j + 1])
            - (2.0f * cx + 2.0f * cy) * A[t % 2][i][j];
}
