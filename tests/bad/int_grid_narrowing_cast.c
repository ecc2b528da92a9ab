// expect: 8:27: error: converts an int value known at run time only to 'unsigned char' inside the update (C wraps or widens it there)
/* A partial sum cast back to unsigned char inside the update: C wraps it there, before the
 * division. */
void f(int h, int w, int passes, unsigned char *src, unsigned char *dst) {
  for (int p = 0; p < passes; p++) {
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++)
        dst[y * w + x] = ((unsigned char)(src[y * w + x - 1] + src[y * w + x + 1]) + src[y * w + x]) / 2;
    unsigned char *t = src; src = dst; dst = t;
  }
}
