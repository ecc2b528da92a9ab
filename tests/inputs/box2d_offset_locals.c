// expect: {"dims": 2, "dtype": "double", "extents": ["n", "n"], "radius": [1, 1], "shape": "box", "npoints": 9, "coefs": {"0,0": 0.2, "-1,-1": 0.1, "-1,0": 0.1, "-1,1": 0.1, "0,-1": 0.1, "0,1": 0.1, "1,-1": 0.1, "1,0": 0.1, "1,1": 0.1}, "time_form": "copy-back"}
/* A 9-point smoothing filter with the rows above and below named first (n, s), then their
 * left and right cells, as image-processing loops are written; the result copied back. */
void blur(int n, int passes, double *img, double *tmp) {
  for (int p = 0; p < passes; p++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        int idx = i * n + j;
        int north = idx - n, south = idx + n;
        tmp[idx] = 0.2 * img[idx] +
                   0.1 * (img[north - 1] + img[north] + img[north + 1] + img[idx - 1] +
                          img[idx + 1] + img[south - 1] + img[south] + img[south + 1]);
      }
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        int idx = i * n + j;
        img[idx] = tmp[idx];
      }
  }
}
