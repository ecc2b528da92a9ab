// expect: 9:11: error: updates the int accumulator 's' with a floating value: C truncates each partial sum to an integer, which stencilc does not reproduce
/* An int accumulator of an 8-bit image adding float products: C truncates each partial sum. */
void f(int h, int w, int passes, unsigned char *src, unsigned char *dst) {
  for (int p = 0; p < passes; p++) {
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++) {
        int s = 0;
        for (int d = -1; d <= 1; d++)
          s += 0.3f * src[y * w + x + d];
        dst[y * w + x] = s;
      }
    unsigned char *t = src; src = dst; dst = t;
  }
}
