// expect: {"dims": 2, "dtype": "unsigned char", "extents": ["height", "width"], "radius": [1, 1], "shape": "box", "npoints": 9, "associative": false}
// check: -s 26x31 -t 3
/* A 3x3 tent filter on an 8-bit image with float weights, the result stored into the pixel by
 * C's implicit conversion (no cast): the weights sum to 1, so the value stays in [0, 255] and
 * the conversion truncates it as an explicit cast would. */
static const float K[3][3] = {{0.0625f, 0.125f, 0.0625f}, {0.125f, 0.25f, 0.125f}, {0.0625f, 0.125f, 0.0625f}};

void tent(int height, int width, int passes, unsigned char *restrict in, unsigned char *restrict out) {
  for (int p = 0; p < passes; p++) {
    for (int y = 1; y < height - 1; y++)
      for (int x = 1; x < width - 1; x++) {
        float acc = 0.0f;
        for (int dy = -1; dy <= 1; dy++)
          for (int dx = -1; dx <= 1; dx++)
            acc += K[dy + 1][dx + 1] * in[(y + dy) * width + x + dx];
        out[y * width + x] = acc;
      }
    unsigned char *t = in; in = out; out = t;
  }
}
