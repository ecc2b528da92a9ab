// expect: 9:43: error: subscript 3 is outside the constant array 'c' (size 3)
/* The radius loop runs one further than the coefficient table holds. */
#define R 3
void f(int n, int steps, float *restrict a, float *restrict b) {
  static const float c[R] = {0.5f, 0.25f, 0.125f};
  for (int t = 0; t < steps; t++) {
    for (int i = R; i < n - R; i++) {
      float s = c[0] * a[i];
      for (int r = 1; r <= R; r++) s += c[r] * (a[i + r] + a[i - r]);
      b[i] = s;
    }
    float *tmp = a; a = b; b = tmp;
  }
}
