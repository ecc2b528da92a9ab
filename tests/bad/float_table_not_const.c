// expect: 11:42: error: reads the table 'c', whose values the loops cannot take as constants: an element of it is assigned, or the array itself is used (passed to a call, kept in a pointer), where it is in scope
/* Float weights in a table that is not const and that a function of the file changes, read
 * before the grid: its values may change at run time. */
static float c[3] = {0.25f, 0.5f, 0.25f};
void set_centre(float v) { c[1] = v; }

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
