// expect: {"dims": 2, "dtype": "float", "extents": ["N", "M"], "radius": [1, 1], "npoints": 5, "coefs": {"0,0": 0.5, "1,0": 0.125}, "time_form": "pointer swap"}
/* OpenMP pragmas on the sweep and a vectorisation hint, as parallel codes write them. */
void heat_omp(int N, int M, int T, float (*a)[M], float (*b)[M]) {
  for (int t = 0; t < T; t++) {
#pragma omp parallel for
    for (int i = 1; i < N - 1; i++) {
#pragma omp simd
      for (int j = 1; j < M - 1; j++) {
        b[i][j] = 0.5f * a[i][j] + 0.125f * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
      }
    }
    float (*swap)[M] = a;
    a = b;
    b = swap;
  }
}
