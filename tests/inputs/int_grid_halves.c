// expect: {"dims": 2, "dtype": "int", "extents": ["n", "n"], "radius": [0, 1], "npoints": 2, "associative": false}
/* An int grid over two time levels, each cell the sum of its own half and its west neighbour's,
 * both truncated by C's integer division (once refused: grids were float or double only). */
void f(int n, int steps, int A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = A[t % 2][i][j - 1] / 2 + A[t % 2][i][j] / 2;
}
