// expect: {"dims": 2, "dtype": "double", "associative": false, "npoints": 4, "extents": [64, 64]}
// check: -t 4
/* A float accumulator in a double stencil: C rounds each partial sum to float where it stores
 * it in acc. */
#define N 64
void smooth(int steps, double a[N][N], double b[N][N]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++) {
        float acc = 0.0f;
        acc += a[i - 1][j];
        acc += a[i + 1][j];
        acc += a[i][j - 1] + a[i][j + 1];
        b[i][j] = 0.25 * acc;
      }
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++) a[i][j] = b[i][j];
  }
}
