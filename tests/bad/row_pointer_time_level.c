// expect: 6:20: error: 'row' points into a grid from inside the loops, but not as &u[e], u + e or u - e of a flat grid u
/* A row pointer into one time level of a two-level array: not a flat grid. */
void jacobi(int n, int steps, float u[2][n * n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++) {
      const float *row = &u[t % 2][i * n];
      for (int j = 1; j < n - 1; j++)
        u[(t + 1) % 2][i * n + j] = 0.5f * (row[j - 1] + row[j + 1]);
    }
}
