/* A 3D Jacobi relaxation on float tensors allocated as pointers to pointers to rows, the new
 * values copied back into the grid after each sweep (a textbook's Poisson solver with f = 0). */
void relax3d(int n, int iters, float ***u, float ***unew) {
  for (int it = 0; it < iters; it++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          unew[i][j][k] = (u[i - 1][j][k] + u[i + 1][j][k] + u[i][j - 1][k] + u[i][j + 1][k] +
                           u[i][j][k - 1] + u[i][j][k + 1]) / 6.0f;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          u[i][j][k] = unew[i][j][k];
  }
}
