// expect: {"dims": 2, "dtype": "float", "extents": ["h", "w"], "radius": [2, 2], "shape": "box", "npoints": 25, "coefs": {"0,0": 0.14997597, "-2,-2": 0.00296902, "2,2": 0.00296902, "-1,-1": 0.05951124, "0,-2": 0.02193823, "1,2": 0.01330621}, "time_form": "pointer swap"}
/* Repeated 5x5 Gaussian blur of an image (row-major, width w), the weights written out. */
void blur(int w, int h, int iters, float *img, float *tmp) {
  for (int it = 0; it < iters; it++) {
    for (int y = 2; y < h - 2; y++)
      for (int x = 2; x < w - 2; x++)
        tmp[y * w + x] =
            0.00296902f * (img[(y - 2) * w + x - 2] + img[(y - 2) * w + x + 2] + img[(y + 2) * w + x - 2] + img[(y + 2) * w + x + 2]) +
            0.01330621f * (img[(y - 2) * w + x - 1] + img[(y - 2) * w + x + 1] + img[(y + 2) * w + x - 1] + img[(y + 2) * w + x + 1] +
                           img[(y - 1) * w + x - 2] + img[(y - 1) * w + x + 2] + img[(y + 1) * w + x - 2] + img[(y + 1) * w + x + 2]) +
            0.02193823f * (img[(y - 2) * w + x] + img[(y + 2) * w + x] + img[y * w + x - 2] + img[y * w + x + 2]) +
            0.05951124f * (img[(y - 1) * w + x - 1] + img[(y - 1) * w + x + 1] + img[(y + 1) * w + x - 1] + img[(y + 1) * w + x + 1]) +
            0.09832033f * (img[(y - 1) * w + x] + img[(y + 1) * w + x] + img[y * w + x - 1] + img[y * w + x + 1]) +
            0.14997597f * img[y * w + x];
    float *t = img; img = tmp; tmp = t;
  }
}
