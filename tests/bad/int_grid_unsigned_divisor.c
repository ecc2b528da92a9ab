// expect: 7:26: error: computes in 'unsigned int', not int, from the grid's values (unsigned or wider arithmetic, which stencilc does not reproduce)
/* A box filter divided by an unsigned constant: the sum is computed in unsigned int. */
void f(int h, int w, int passes, unsigned short *src, unsigned short *dst) {
  for (int p = 0; p < passes; p++) {
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++)
        dst[y * w + x] = (src[y * w + x - 1] + src[y * w + x] + src[y * w + x + 1]) / 3u;
    unsigned short *t = src; src = dst; dst = t;
  }
}
