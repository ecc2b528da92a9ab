// expect: {"dims": 2, "dtype": "double", "extents": [50, 50], "halo_lo": [1, 1], "halo_hi": [1, 1], "npoints": 4, "coefs": {"-1,0": 0.25, "0,1": 0.25}, "time_form": "copy-back"}
#define N 50
/* Global grids of a #define'd size, one loop bound written first (N - 1 > i), the other as
 * j + 1 < N. */
static double a[N][N], b[N][N];
void relax(int nt) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; N - 1 > i; i++)
      for (int j = 1; j + 1 < N; j++)
        b[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
    for (int i = 1; N - 1 > i; i++)
      for (int j = 1; j + 1 < N; j++)
        a[i][j] = b[i][j];
  }
}
