// expect: {"dims": 2, "dtype": "double", "extents": [128, 128], "halo_lo": [1, 1], "halo_hi": [1, 1], "radius": [1, 1], "npoints": 4, "coefs": {"-1,0": 0.25, "1,0": 0.25, "0,-1": 0.25, "0,1": 0.25}, "time_form": "copy-back"}
/* A textbook Jacobi iteration for the Laplace equation: arrays passed as double u[][N] with the
 * row length a #define, loops written with <= n-2 bounds and ++i, the new values copied back. */
#define N 128

void jacobi(int iters, double u[][N], double unew[][N])
{
  int i, j, it;
  for (it = 0; it < iters; ++it) {
    for (i = 1; i <= N - 2; ++i)
      for (j = 1; j <= N - 2; ++j)
        unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    for (i = 1; i <= N - 2; ++i)
      for (j = 1; j <= N - 2; ++j)
        u[i][j] = unew[i][j];
  }
}
