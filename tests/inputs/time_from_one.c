// expect: {"dims": 2, "extents": ["n", "n"], "radius": [0, 1], "npoints": 2, "coefs": {"0,-1": 0.5, "0,0": 0.5}, "time_form": "time levels", "steps_per_iter": 1}
void f(int n, int steps, float A[2][n][n]) {
  for (int t = 1; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = 0.5f * A[t % 2][i][j - 1] + 0.5f * A[t % 2][i][j];
}
