// expect: 14:18: error: reads the integer table 'K', whose values the loops cannot take as constants: an element of it is assigned, or the array itself is used (passed to a call, kept in a pointer), where it is in scope
/* Integer weights in a table the program changes (not const, set by a function of the file):
 * their values are not known when the stencil is compiled. */
static int K[3][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}};
void sharpen(void) { K[1][1] = 12; }

void f(int w, int h, int iters, float *restrict out, float *restrict in) {
  for (int it = 0; it < iters; ++it) {
    for (int y = 1; y < h - 1; ++y)
      for (int x = 1; x < w - 1; ++x) {
        float s = 0.0f;
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx)
            s += K[dy + 1][dx + 1] * in[(y + dy) * w + (x + dx)];
        out[y * w + x] = s / 16.0f;
      }
    float *tmp = in; in = out; out = tmp;
  }
}
