// expect: 13:12: error: red-black Gauss-Seidel (or SOR) is not supported: a loop starting at the parity of 'i' and stepping by 2 sweeps the cells of one colour, updating the grid in place
// hint: write the Jacobi form, which stencilc takes
/* Red-black Gauss-Seidel for -lap u = f as textbooks write it (Briggs, Henson and McCormick, A
 * Multigrid Tutorial): two half-sweeps per iteration, each over the cells of one colour, updating
 * u in place. Each half-sweep reads only the other colour, but stencilc has no stage over half
 * the cells: refused at the first colour's loop. */
#define N 66
#define ITERS 20

void rbgs(double u[N][N], double f[N][N], double h2) {
  for (int it = 0; it < ITERS; it++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1 + (i + 1) % 2; j < N - 1; j += 2)
        u[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1] + h2 * f[i][j]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1 + i % 2; j < N - 1; j += 2)
        u[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1] + h2 * f[i][j]);
  }
}
