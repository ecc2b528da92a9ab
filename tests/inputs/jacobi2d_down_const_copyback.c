// expect: {"dims": 2, "dtype": "double", "extents": [64, 64], "halo_lo": [1, 1], "halo_hi": [1, 1], "radius": [1, 1], "npoints": 4, "coefs": {"-1,0": 0.25, "1,0": 0.25, "0,-1": 0.25, "0,1": 0.25}, "time_form": "copy-back"}
/* Loops counting down to the boundary, i > 0, with every decrement form (--i, j -= 1,
 * i = i - 1), a constant start (62) beside a macro one (N - 2), global arrays, a copy-back. */
#define N 64
double a[N][N], b[N][N];
void f(int steps) {
  for (int t = 0; t < steps; t++) {
    for (int i = N - 2; i > 0; --i)
      for (int j = 62; j >= 1; j -= 1)
        b[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
    for (int i = N - 2; i > 0; i = i - 1)
      for (int j = 1; j < N - 1; j++)
        a[i][j] = b[i][j];
  }
}
