// expect: 10:42: error: reads 'c' at subscripts that name none of the cell's loop variables, but 'c' is neither a const table with an initializer nor an array parameter of weights
/* Float weights in a table that is not const, read before the grid: its values may change at
 * run time. */
static float c[3] = {0.25f, 0.5f, 0.25f};

void f(int n, int steps, float *restrict a, float *restrict b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++) {
      float s = 0.0f;
      for (int r = -1; r <= 1; r++) s += c[r + 1] * a[i + r];
      b[i] = s;
    }
    float *tmp = a; a = b; b = tmp;
  }
}
