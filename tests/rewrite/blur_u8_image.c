/* An 8-bit grayscale image blurred `passes` times by the 3x3 binomial kernel in integer
 * arithmetic (the sum of weights 16, rounded by adding 8 before the division), the two images
 * swapped through pointers as image pipelines do; prints a checksum and a few pixels.
 * run: 41 37 5
 * run: 30 52 4
 * cuda-backend: naive
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void blur(int h, int w, int passes, uint8_t *src, uint8_t *dst) {
  for (int p = 0; p < passes; p++) {
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++)
        dst[y * w + x] = (uint8_t)((src[(y - 1) * w + x - 1] + 2 * src[(y - 1) * w + x] +
                                    src[(y - 1) * w + x + 1] + 2 * src[y * w + x - 1] +
                                    4 * src[y * w + x] + 2 * src[y * w + x + 1] +
                                    src[(y + 1) * w + x - 1] + 2 * src[(y + 1) * w + x] +
                                    src[(y + 1) * w + x + 1] + 8) / 16);
    uint8_t *t = src; src = dst; dst = t;
  }
}

int main(int argc, char **argv) {
  int h = atoi(argv[1]), w = atoi(argv[2]), passes = atoi(argv[3]);
  uint8_t *a = malloc((size_t)h * w), *b = malloc((size_t)h * w);
  for (int i = 0; i < h * w; i++) a[i] = b[i] = (uint8_t)((i * 2654435761u) >> 24);
  blur(h, w, passes, a, b);
  uint8_t *r = passes % 2 ? b : a;
  unsigned long sum = 0;
  for (int i = 0; i < h * w; i++) sum += r[i] * (unsigned long)(i % 7 + 1);
  printf("checksum %lu pixels %d %d %d\n", sum, r[w + 1], r[(h / 2) * w + w / 2], r[(h - 2) * w + w - 2]);
  free(a);
  free(b);
  return 0;
}
