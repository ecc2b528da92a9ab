/* Unsharp-mask style 3x3 sharpen of an 8-bit image, computed in float and saturated to
 * [0, 255] before the conversion back (OpenCV's saturate_cast, written out). */
#include <math.h>
#include <stdint.h>

#define W 48
#define H 40

void sharpen(int steps, uint8_t img[2][H][W]) {
  for (int t = 0; t < steps; t++)
    for (int y = 1; y < H - 1; y++)
      for (int x = 1; x < W - 1; x++) {
        float v = 5.0f * img[t % 2][y][x] - img[t % 2][y - 1][x] - img[t % 2][y + 1][x] -
                  img[t % 2][y][x - 1] - img[t % 2][y][x + 1];
        img[(t + 1) % 2][y][x] = (uint8_t)fminf(fmaxf(v, 0.0f), 255.0f);
      }
}
