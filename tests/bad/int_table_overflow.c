// expect: 11:15: error: the integer arithmetic overflows 'int' (C leaves its result undefined)
/* Integer weights whose product overflows int before it meets the float pixel: C's result is
 * undefined, so stencilc refuses it rather than pick one. */
static const int K[3] = {65536, 131072, 65536};

void f(int n, int steps, float *restrict a, float *restrict b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++) {
      float s = 0.0f;
      for (int r = -1; r <= 1; r++)
        s += (K[r + 1] * K[1]) * a[i + r];
      b[i] = s * 1e-12f;
    }
    float *tmp = a; a = b; b = tmp;
  }
}
