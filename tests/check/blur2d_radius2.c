/* A 5x5 box blur written out, with the weight a macro, on an image whose height and
 * width differ (an image processing loop run a few passes). */
#define W 0.04

void blur(int h, int w, int passes, double img[2][h][w]) {
  for (int p = 0; p < passes; p++)
    for (int y = 2; y < h - 2; y++)
      for (int x = 2; x < w - 2; x++)
        img[(p + 1) % 2][y][x] =
            W * (img[p % 2][y - 2][x - 2] + img[p % 2][y - 2][x - 1] + img[p % 2][y - 2][x] + img[p % 2][y - 2][x + 1] + img[p % 2][y - 2][x + 2] +
                 img[p % 2][y - 1][x - 2] + img[p % 2][y - 1][x - 1] + img[p % 2][y - 1][x] + img[p % 2][y - 1][x + 1] + img[p % 2][y - 1][x + 2] +
                 img[p % 2][y][x - 2] + img[p % 2][y][x - 1] + img[p % 2][y][x] + img[p % 2][y][x + 1] + img[p % 2][y][x + 2] +
                 img[p % 2][y + 1][x - 2] + img[p % 2][y + 1][x - 1] + img[p % 2][y + 1][x] + img[p % 2][y + 1][x + 1] + img[p % 2][y + 1][x + 2] +
                 img[p % 2][y + 2][x - 2] + img[p % 2][y + 2][x - 1] + img[p % 2][y + 2][x] + img[p % 2][y + 2][x + 1] + img[p % 2][y + 2][x + 2]);
}
