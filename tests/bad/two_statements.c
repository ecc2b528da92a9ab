// expect: 10:40: error: reads 'A' at offset -1 along axis 1 in the loop body that assigns it (line 9): the value read depends on the order of the cells
// hint: split the loop: one loop nest per assignment
/* Two grids updated in one loop, the second reading the first's new level at its neighbour:
 * new where the loop has been, old ahead of it (the two assignments are no two stages). */
void f(int n, int steps, float A[2][n][n], float B[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        A[(t + 1) % 2][i][j] = 0.5f * A[t % 2][i][j - 1] + 0.5f * A[t % 2][i][j];
        B[(t + 1) % 2][i][j] = 0.5f * (A[(t + 1) % 2][i][j - 1] + B[t % 2][i][j]);
      }
}
