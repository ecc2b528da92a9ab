/* 5x5 box filter of a 16-bit image (uint16_t, as from a camera sensor): the mean computed in
 * float and rounded to the nearest integer on the store, (uint16_t)(sum / 25.0f + 0.5f). */
#include <stdint.h>

void box5x5(int rows, int cols, int iterations, uint16_t *src, uint16_t *dst) {
  for (int it = 0; it < iterations; it++) {
    for (int r = 2; r < rows - 2; r++)
      for (int c = 2; c < cols - 2; c++) {
        float sum = 0.0f;
        for (int dr = -2; dr <= 2; dr++)
          for (int dc = -2; dc <= 2; dc++)
            sum += src[(r + dr) * cols + (c + dc)];
        dst[r * cols + c] = (uint16_t)(sum / 25.0f + 0.5f);
      }
    uint16_t *tmp = src; src = dst; dst = tmp;
  }
}
