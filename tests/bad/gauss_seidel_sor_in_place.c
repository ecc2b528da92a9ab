// expect: 11:37: error: reads 'u' at offset -1 along axis 0 from the buffer it is writing, which makes the result depend on the order of the cells
// hint: an update that overwrites its input reads only its own cell
/* Lexicographic SOR, u updated in place in the loops' order: each cell reads the neighbours
 * above and to the left already updated in this sweep, so the result depends on the order of
 * the cells. Refused (a Jacobi sweep into another array, or red-black ordering, are the forms
 * that are exactly parallel). */
void sor(int n, int iters, double omega, double h2, double u[n][n], double f[n][n]) {
  for (int it = 0; it < iters; it++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[i][j] += omega * (0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1] + h2 * f[i][j]) - u[i][j]);
}
