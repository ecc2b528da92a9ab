// expect: 5:33: error: the initializer of the constant array 'c' names its elements
/* A coefficient table with designated initializers: its values are not in list order. */
#define R 2
void f(int n, int steps, float *restrict a, float *restrict b) {
  static const float c[R + 1] = {[0] = 0.5f, [2] = 0.125f, [1] = 0.25f};
  for (int t = 0; t < steps; t++) {
    for (int i = R; i < n - R; i++) {
      float s = c[0] * a[i];
      for (int r = 1; r <= R; r++) s += c[r] * (a[i + r] + a[i - r]);
      b[i] = s;
    }
    float *tmp = a; a = b; b = tmp;
  }
}
