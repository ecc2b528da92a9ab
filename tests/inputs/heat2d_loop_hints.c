// expect: {"dims": 2, "dtype": "float", "extents": ["n", "n"], "npoints": 4, "coefs": {"-1,0": 0.25, "1,0": 0.25, "0,-1": 0.25, "0,1": 0.25}, "time_form": "pointer swap"}
/* Vectoriser and unroller hints of GCC, clang and Intel on the sweep's loops: #pragma GCC
 * unroll and #pragma clang loop wrap the loop in an attributed statement. */
void smooth(int n, int nt, float *restrict a, float *restrict b) {
  for (int t = 0; t < nt; t++) {
#pragma GCC unroll 4
    for (int i = 1; i < n - 1; i++) {
#pragma clang loop vectorize(enable) interleave(enable)
#pragma vector aligned
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = 0.25f * (a[i * n + j - 1] + a[i * n + j + 1] + a[(i - 1) * n + j] + a[(i + 1) * n + j]);
    }
    float *s = a; a = b; b = s;
  }
}
