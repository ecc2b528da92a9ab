// expect: 9:5: error: cannot tell the extent of axis 0 of 'unew': its loop over 'i' has a constant bound and the declaration gives no size
// hint: bound the loop by the grid's size (i < n - 1), or declare the grid with its sizes
/* double u[][N] parameters swapped by pointer, the loops bounded by the constant N: the first
 * axis's extent is nowhere (a copy-back program takes it from the bound). */
#define N 128
void jacobi(int iters, double u[][N], double unew[][N])
{
  for (int it = 0; it < iters; ++it) {
    for (int i = 1; i <= N - 2; ++i)
      for (int j = 1; j <= N - 2; ++j)
        unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    double (*t)[N] = u; u = unew; unew = t;
  }
}
