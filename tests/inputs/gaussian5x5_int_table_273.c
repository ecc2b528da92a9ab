// expect: {"dims": 2, "dtype": "float", "extents": ["h", "w"], "radius": [2, 2], "shape": "box", "npoints": 25, "coefs": {"0,0": 0.15018315018315018, "-2,-2": 0.003663003663003663, "-2,-1": 0.014652014652014652, "0,1": 0.09523809523809523, "1,1": 0.05860805860805861, "2,0": 0.02564102564102564}, "time_form": "pointer swap"}
/* A 5x5 Gaussian blur, integer weights in a table normalised by their sum (273), applied
 * repeatedly with the buffers swapped. */
static const int kernel[5][5] = {
  {1, 4, 7, 4, 1},
  {4, 16, 26, 16, 4},
  {7, 26, 41, 26, 7},
  {4, 16, 26, 16, 4},
  {1, 4, 7, 4, 1},
};

void blur(int h, int w, int passes, float *in, float *out)
{
  for (int p = 0; p < passes; p++) {
    for (int y = 2; y < h - 2; y++)
      for (int x = 2; x < w - 2; x++) {
        float acc = 0.0f;
        for (int ky = -2; ky <= 2; ky++)
          for (int kx = -2; kx <= 2; kx++)
            acc += kernel[ky + 2][kx + 2] * in[(y + ky) * w + (x + kx)];
        out[y * w + x] = acc / 273.0f;
      }
    float *t = in; in = out; out = t;
  }
}
