// expect: 8:26: error: stores a floating value that may be outside the range of 'unsigned char' [0, 255] (C leaves that conversion undefined)
/* A brightness gain on an 8-bit image computed in float and stored without a clamp: 1.5 * 255
 * does not fit unsigned char, and C leaves that conversion undefined. */
void brighten(int h, int w, int passes, unsigned char *src, unsigned char *dst) {
  for (int p = 0; p < passes; p++) {
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++)
        dst[y * w + x] = (unsigned char)(1.5f * src[y * w + x] + 0.1f * src[y * w + x + 1]);
    unsigned char *t = src; src = dst; dst = t;
  }
}
