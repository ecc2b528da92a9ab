// expect: {"dims": 2, "dtype": "float", "extents": ["h", "w"], "radius": [1, 1], "shape": "box", "npoints": 9, "coefs": {"0,0": 0.25, "-1,-1": 0.0625, "0,1": 0.125, "1,0": 0.125, "1,1": 0.0625}, "time_form": "pointer swap"}
// check: -s 23x30 -t 4
/* A 3x3 Gaussian blur as image code writes it: the kernel a local table without const, which
 * the function only reads, applied in a filter loop over flat rows. */
void blur(int w, int h, int passes, float *in, float *out) {
  float k[3][3] = {{1.0f / 16, 2.0f / 16, 1.0f / 16},
                   {2.0f / 16, 4.0f / 16, 2.0f / 16},
                   {1.0f / 16, 2.0f / 16, 1.0f / 16}};
  for (int p = 0; p < passes; p++) {
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++) {
        float s = 0.0f;
        for (int dy = -1; dy <= 1; dy++)
          for (int dx = -1; dx <= 1; dx++)
            s += k[dy + 1][dx + 1] * in[(y + dy) * w + (x + dx)];
        out[y * w + x] = s;
      }
    float *t = in;
    in = out;
    out = t;
  }
}
