// expect: {"dims": 2, "dtype": "double", "extents": [128, 128], "halo_lo": [1, 1], "halo_hi": [1, 1], "radius": [1, 1], "npoints": 4, "coefs": {"-1,0": 0.25, "0,1": 0.25}, "time_form": "pointer swap"}
/* double u[][N] parameters swapped by pointer, the loops bounded by the constant N (<= N - 2,
 * ++i): the first axis's extent is the one the bound implies. */
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
