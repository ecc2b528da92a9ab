// expect: {"dims": 2, "dtype": "float", "extents": ["rows", "cols"], "radius": [1, 1], "shape": "box", "npoints": 9}
// check: -s 24x29 -t 2
/* Sobel edge magnitude with the two 3x3 kernels as signed integer tables (negative weights),
 * two accumulators over the same filter loops, the magnitude scaled back into the image's
 * range; applied twice (edges of edges), the images swapped. */
static const int GX[3][3] = {{-1, 0, 1}, {-2, 0, 2}, {-1, 0, 1}};
static const int GY[3][3] = {{-1, -2, -1}, {0, 0, 0}, {1, 2, 1}};

void sobel(int rows, int cols, int passes, float *img, float *edges) {
  for (int p = 0; p < passes; p++) {
    for (int r = 1; r < rows - 1; r++)
      for (int c = 1; c < cols - 1; c++) {
        float gx = 0.0f, gy = 0.0f;
        for (int i = 0; i < 3; i++)
          for (int j = 0; j < 3; j++) {
            gx += GX[i][j] * img[(r + i - 1) * cols + c + j - 1];
            gy += GY[i][j] * img[(r + i - 1) * cols + c + j - 1];
          }
        edges[r * cols + c] = 0.125f * sqrtf(gx * gx + gy * gy);
      }
    float *t = img; img = edges; edges = t;
  }
}
