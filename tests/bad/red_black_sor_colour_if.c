// expect: 11:15: error: red-black Gauss-Seidel (or SOR) is not supported: a test of the parity of 'i', 'j' and 'color' sweeps the cells of one colour, updating the grid in place
// hint: write the Jacobi form, which stencilc takes
/* Red-black SOR with a colour loop and the cells of the colour picked by a test, as course notes
 * write it (u += omega * (Gauss-Seidel value - u)): refused at the test. */
void sor(int n, int iters, double omega, double h2, double u[n][n], double f[n][n]) {
  for (int it = 0; it < iters; it++)
    for (int color = 0; color < 2; color++)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++) {
          double gs = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1] + h2 * f[i][j]);
          if ((i + j + color) % 2 == 0)
            u[i][j] += omega * (gs - u[i][j]);
        }
}
