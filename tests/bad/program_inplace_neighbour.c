// expect: 10:20: error: reads 'ex' at offset -1 along axis 1 from the buffer it is writing
/* FDTD-like in-place update that reads its own array at a neighbour: Gauss-Seidel order */
void f(int n, int steps, double ex[n][n], double hz[n][n]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 0; i < n - 1; i++)
      for (int j = 0; j < n - 1; j++)
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j]);
    for (int i = 0; i < n; i++)
      for (int j = 1; j < n; j++)
        ex[i][j] = ex[i][j - 1] - 0.5 * (hz[i][j] - hz[i][j - 1]);
  }
}
