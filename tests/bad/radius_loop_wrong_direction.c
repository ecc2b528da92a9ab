// expect: 9:31: error: loop over 'r' steps down but its condition bounds it above
/* A radius loop counting down under an upper bound never ends (or never starts). */
#define R 2
void f(int n, int steps, float *restrict a, float *restrict b) {
  static const float c[R + 1] = {0.5f, 0.25f, 0.125f};
  for (int t = 0; t < steps; t++) {
    for (int i = R; i < n - R; i++) {
      float s = c[0] * a[i];
      for (int r = 1; r <= R; r--) s += c[r] * (a[i + r] + a[i - r]);
      b[i] = s;
    }
    float *tmp = a; a = b; b = tmp;
  }
}
