// expect: {"dims": 2, "dtype": "float", "extents": ["h", "w"], "radius": [1, 1], "shape": "box", "npoints": 9, "coefs": {"0,0": 0.25, "-1,-1": 0.0625, "-1,0": 0.125, "0,1": 0.125, "1,1": 0.0625}, "time_form": "pointer swap"}
// check: -s 26x31 -t 3
/* Repeated 3x3 Gaussian blur as image-processing code writes it: integer weights in a static
 * const int table, converted by C's usual conversions where they multiply a pixel, and the sum
 * divided by the weights' total. */
static const int K[3][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}};

void blur(float *restrict out, float *restrict in, int w, int h, int iters) {
  for (int it = 0; it < iters; ++it) {
    for (int y = 1; y < h - 1; ++y)
      for (int x = 1; x < w - 1; ++x) {
        float s = 0.0f;
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx)
            s += K[dy + 1][dx + 1] * in[(y + dy) * w + (x + dx)];
        out[y * w + x] = s / 16.0f;
      }
    float *tmp = in; in = out; out = tmp;
  }
}
