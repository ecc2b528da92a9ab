/* Repeated 3x3 filtering of an image with a kernel read at run time (as image-processing codes
 * pass a filter), the two time levels as A[2][h][w] on the stack; prints the range of the
 * result, a few pixels and its sum.
 * run: 37 45 6
 * cuda-backend: ssam
 */
#include <stdio.h>
#include <stdlib.h>

static void filter(int h, int w, int passes, const float k[3][3], float A[2][h][w]) {
  for (int p = 0; p < passes; p++)
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++) {
        float acc = 0.0f;
        for (int dy = 0; dy < 3; dy++)
          for (int dx = 0; dx < 3; dx++) acc += k[dy][dx] * A[p % 2][y + dy - 1][x + dx - 1];
        A[(p + 1) % 2][y][x] = acc;
      }
}

int main(int argc, char **argv) {
  int h = atoi(argv[1]), w = atoi(argv[2]), passes = atoi(argv[3]);
  float k[3][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}};
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) k[i][j] /= 16.0f;
  float A[2][h][w];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) A[0][y][x] = A[1][y][x] = (float)((x * 31 + y * 17) % 256);
  filter(h, w, passes, (const float(*)[3])k, A);
  float lo = A[passes % 2][0][0], hi = lo;
  double sum = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      float v = A[passes % 2][y][x];
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
      sum += v;
    }
  printf("range %.4f .. %.4f\n", lo, hi);
  for (int y = 1; y < h; y += h / 4) printf("pixel (%d, %d) = %.4f\n", y, w / 2, A[passes % 2][y][w / 2]);
  printf("sum %.4f\n", sum);
  return 0;
}
