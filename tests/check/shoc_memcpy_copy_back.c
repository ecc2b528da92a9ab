/* SHOC-like 9-point update, the new grid copied back whole with memcpy: the old grid's halo
 * becomes the new grid's after the first step (check gives both one halo). */
#include <string.h>
void stencil(double *data, double *newData, int nRows, int nCols, double wc, double wn, double wd, int nIters) {
  for (int iter = 0; iter < nIters; iter++) {
    for (int i = 1; i < nRows - 1; i++)
      for (int j = 1; j < nCols - 1; j++)
        newData[i * nCols + j] = wc * data[i * nCols + j] +
            wn * (data[(i - 1) * nCols + j] + data[(i + 1) * nCols + j] + data[i * nCols + j - 1] + data[i * nCols + j + 1]) +
            wd * (data[(i - 1) * nCols + j - 1] + data[(i - 1) * nCols + j + 1] +
                  data[(i + 1) * nCols + j - 1] + data[(i + 1) * nCols + j + 1]);
    memcpy(data, newData, sizeof(double) * nRows * nCols);
  }
}
