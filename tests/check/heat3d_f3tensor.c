/* A 3D heat code on Numerical Recipes tensors (double ***T from f3tensor, read as T[i][j][k]),
 * anisotropic extents, the two levels swapped after each step. */
void heat3d(int nx, int ny, int nz, int nsteps, double alpha, double ***T, double ***Tn) {
  for (int n = 0; n < nsteps; n++) {
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        for (int k = 1; k < nz - 1; k++)
          Tn[i][j][k] = T[i][j][k] + alpha * (T[i + 1][j][k] + T[i - 1][j][k] + T[i][j + 1][k] +
                                              T[i][j - 1][k] + T[i][j][k + 1] + T[i][j][k - 1] -
                                              6.0 * T[i][j][k]);
    double ***tmp = T;
    T = Tn;
    Tn = tmp;
  }
}
