// expect: 16:7: error: loop over 'j' is bounded by 'ny', but axis 1 of the grids has size 90, its loops bounded by 'nx' in an earlier stage
// hint: bound the loops along an axis by the same size in every stage
/* PolyBench style: the grids declared with the constant size N and the loops bounded by run-time
 * sizes, but the second stage runs its inner loop to another size (ny) than the first (nx):
 * stencilc takes one run-time bound per axis (equal to N in the programs it generates). */
#define N 90
#define DATA_TYPE double

static void kernel_smooth(int tsteps, int nx, int ny, DATA_TYPE A[N][N], DATA_TYPE B[N][N]) {
  int t, i, j;
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < nx - 1; i++)
      for (j = 1; j < nx - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    for (i = 1; i < nx - 1; i++)
      for (j = 1; j < ny - 1; j++)
        A[i][j] = B[i][j] + 0.1 * (B[i][j - 1] + B[i][j + 1] - 2.0 * B[i][j]);
  }
}
