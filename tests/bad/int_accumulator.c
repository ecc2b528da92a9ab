// expect: 13:13: error: accumulates into the integer 's': C truncates each partial sum to an integer, and a stencil's accumulator is float or double
/* A blur summed into an int, as 8-bit image code does: every partial sum is truncated to an
 * integer, which a floating stencil does not reproduce. */
static const int K[3][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}};

void blur(float *restrict out, float *restrict in, int w, int h, int iters) {
  for (int it = 0; it < iters; ++it) {
    for (int y = 1; y < h - 1; ++y)
      for (int x = 1; x < w - 1; ++x) {
        int s = 0;
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx)
            s += K[dy + 1][dx + 1] * in[(y + dy) * w + (x + dx)];
        out[y * w + x] = s / 16;
      }
    float *tmp = in; in = out; out = tmp;
  }
}
