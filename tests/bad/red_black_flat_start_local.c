// expect: 11:14: error: red-black Gauss-Seidel (or SOR) is not supported: a loop starting at the parity of 'i' and stepping by 2 sweeps the cells of one colour, updating the grid in place
// hint: write the Jacobi form, which stencilc takes
/* Red-black SOR on a flattened grid, the start of each row's colour computed into a local first,
 * as HPC codes write it: refused at the loop that starts there. */
void sor(int n, int iters, double omega, double *restrict u, const double *restrict f, double h2)
{
  for (int it = 0; it < iters; it++)
    for (int color = 0; color < 2; color++)
      for (int i = 1; i < n - 1; i++) {
        int js = 1 + (i + color) % 2;
        for (int j = js; j < n - 1; j += 2) {
          double gs = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] +
                              u[i * n + j + 1] + h2 * f[i * n + j]);
          u[i * n + j] += omega * (gs - u[i * n + j]);
        }
      }
}
