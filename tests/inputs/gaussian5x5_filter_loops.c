// expect: {"dims": 2, "dtype": "float", "extents": ["height", "width"], "radius": [2, 2], "shape": "box", "npoints": 25, "coefs": {"0,0": 0.15018315018315018, "-2,-2": 0.003663003663003663, "2,2": 0.003663003663003663, "-1,-1": 0.05860805860805861, "0,-2": 0.025641025641025640, "1,2": 0.014652014652014652, "-2,1": 0.014652014652014652}, "time_form": "pointer swap"}
// check: -s 30x27 -t 3
/* Repeated 5x5 Gaussian smoothing of an image as image-processing textbooks write it: the
 * kernel in a static const 2D table (the binomial weights over their sum, 273), two nested
 * filter loops over its offsets. */
#define KR 2

void smooth(int width, int height, int passes, float *src, float *dst) {
  static const float w[2 * KR + 1][2 * KR + 1] = {
      {1.0f / 273, 4.0f / 273, 7.0f / 273, 4.0f / 273, 1.0f / 273},
      {4.0f / 273, 16.0f / 273, 26.0f / 273, 16.0f / 273, 4.0f / 273},
      {7.0f / 273, 26.0f / 273, 41.0f / 273, 26.0f / 273, 7.0f / 273},
      {4.0f / 273, 16.0f / 273, 26.0f / 273, 16.0f / 273, 4.0f / 273},
      {1.0f / 273, 4.0f / 273, 7.0f / 273, 4.0f / 273, 1.0f / 273}};
  for (int pass = 0; pass < passes; pass++) {
    for (int y = KR; y < height - KR; y++)
      for (int x = KR; x < width - KR; x++) {
        float sum = 0.0f;
        for (int dy = -2; dy <= 2; dy++)
          for (int dx = -2; dx <= 2; dx++)
            sum += w[dy + 2][dx + 2] * src[(y + dy) * width + (x + dx)];
        dst[y * width + x] = sum;
      }
    float *t = src; src = dst; dst = t;
  }
}
