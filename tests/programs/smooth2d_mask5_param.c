/* Iterative image smoothing with a 5x5 mask the caller builds (a binomial or Gaussian kernel,
 * passed as const double mask[5][5]) and a per-pixel rate grid k that stops smoothing at edges:
 * img += k * (mask * img - img), the two images swapped after each pass. 25 run-time scalars. */
void smooth5(int h, int w, int iters, const double mask[5][5], const double *restrict k,
             double *restrict img, double *restrict out) {
  for (int it = 0; it < iters; it++) {
    for (int y = 2; y < h - 2; y++)
      for (int x = 2; x < w - 2; x++) {
        double s = 0.0;
        for (int dy = -2; dy <= 2; dy++)
          for (int dx = -2; dx <= 2; dx++)
            s += mask[dy + 2][dx + 2] * img[(y + dy) * w + (x + dx)];
        out[y * w + x] = img[y * w + x] + k[y * w + x] * (s - img[y * w + x]);
      }
    double *swap = img;
    img = out;
    out = swap;
  }
}
