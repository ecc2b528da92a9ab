/* 3x3 Gaussian blur of an 8-bit image, the textbook integer kernel [1 2 1; 2 4 2; 1 2 1] / 16,
 * applied `passes` times with the two images swapped (the sum is computed in int, C truncates
 * the division). check: --backend cpu, naive */
void gauss3x3(int h, int w, int passes, unsigned char *src, unsigned char *dst) {
  for (int p = 0; p < passes; p++) {
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++)
        dst[y * w + x] = (unsigned char)((src[(y - 1) * w + x - 1] + 2 * src[(y - 1) * w + x] +
                                          src[(y - 1) * w + x + 1] + 2 * src[y * w + x - 1] +
                                          4 * src[y * w + x] + 2 * src[y * w + x + 1] +
                                          src[(y + 1) * w + x - 1] + 2 * src[(y + 1) * w + x] +
                                          src[(y + 1) * w + x + 1]) / 16);
    unsigned char *t = src; src = dst; dst = t;
  }
}
