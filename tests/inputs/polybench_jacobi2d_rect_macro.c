// expect: {"dims": 2, "dtype": "double", "extents": [300, 200], "loop_bounds": ["m", "n"], "steps": "2 * tsteps", "halo_lo": [1, 1], "halo_hi": [1, 1], "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.2, "0,-1": 0.2, "0,1": 0.2, "1,0": 0.2, "-1,0": 0.2}, "time_form": "two sweeps", "steps_per_iter": 2}
// check: -DM=30 -DN=47
/* jacobi-2d on a rectangle in PolyBench form: POLYBENCH_2D(A, M, N, m, n) writes A[M][N] from one
 * macro, whose two sizes share its position in the source (their order is the declarator's). */
#ifndef M
# define M 300
#endif
#ifndef N
# define N 200
#endif
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) var[dim1][dim2]
static void kernel(int tsteps, int m, int n, double POLYBENCH_2D(A, M, N, m, n), double POLYBENCH_2D(B, M, N, m, n)) {
  int t, i, j;
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < m - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j-1] + A[i][1+j] + A[1+i][j] + A[i-1][j]);
    for (i = 1; i < m - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j-1] + B[i][1+j] + B[1+i][j] + B[i-1][j]);
  }
}
