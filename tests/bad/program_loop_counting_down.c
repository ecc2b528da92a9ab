// expect: 8:33: error: the loop over 'y' counts down; stencilc reads a stencil program's loops counting up (a single stencil's may count down)
// hint: count up: for (int i = 1; i < n - 1; i++)
/* A separable box blur (a stencil program of two passes) whose first pass counts its rows down:
 * only a single stencil's loops may count down. */
void box_blur(int h, int w, int iters, float *img, float *tmp)
{
  for (int it = 0; it < iters; it++) {
    for (int y = h - 2; y >= 1; y--)
      for (int x = 1; x < w - 1; x++)
        tmp[y * w + x] = (img[y * w + x - 1] + img[y * w + x] + img[y * w + x + 1]) / 3.0f;
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++)
        img[y * w + x] = (tmp[(y - 1) * w + x] + tmp[y * w + x] + tmp[(y + 1) * w + x]) / 3.0f;
  }
}
