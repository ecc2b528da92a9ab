/* A separable 3-tap box blur: a horizontal pass into tmp, then a vertical pass back into img. */
void box_blur(int h, int w, int iters, float *img, float *tmp)
{
  for (int it = 0; it < iters; it++) {
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++)
        tmp[y * w + x] = (img[y * w + x - 1] + img[y * w + x] + img[y * w + x + 1]) / 3.0f;
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++)
        img[y * w + x] = (tmp[(y - 1) * w + x] + tmp[y * w + x] + tmp[(y + 1) * w + x]) / 3.0f;
  }
}
