/* SHOC's Stencil2D in its serial form: a 9-point weighted stencil over a flattened row-major
 * matrix, newData computed from data, then the whole of newData copied back into data with
 * memcpy, halo included. data's halo is a fixed wall, newData's is left as calloc gives it: the
 * first step reads the wall, every later one newData's zeros, as the memcpy leaves them.
 * run: 37 45 1
 * run: 37 45 6
 * run: 30 52 11
 * run: 30 52 0
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void DoStencil(double *data, double *newData, int nRows, int nCols, int nIters,
                      double wCenter, double wCardinal, double wDiagonal) {
  for (int iter = 0; iter < nIters; iter++) {
    for (int i = 1; i < nRows - 1; i++) {
      for (int j = 1; j < nCols - 1; j++) {
        double center = data[i * nCols + j];
        double cardinal = data[(i - 1) * nCols + j] + data[(i + 1) * nCols + j] +
                          data[i * nCols + (j - 1)] + data[i * nCols + (j + 1)];
        double diagonal = data[(i - 1) * nCols + (j - 1)] + data[(i - 1) * nCols + (j + 1)] +
                          data[(i + 1) * nCols + (j - 1)] + data[(i + 1) * nCols + (j + 1)];
        newData[i * nCols + j] = wCenter * center + wCardinal * cardinal + wDiagonal * diagonal;
      }
    }
    memcpy(data, newData, sizeof(double) * nRows * nCols);
  }
}

int main(int argc, char **argv) {
  int nRows = atoi(argv[1]), nCols = atoi(argv[2]), nIters = atoi(argv[3]);
  double *data = malloc(sizeof(double) * nRows * nCols);
  double *newData = calloc((size_t)nRows * nCols, sizeof(double));
  srand(7);
  for (int i = 0; i < nRows; i++)
    for (int j = 0; j < nCols; j++)
      data[i * nCols + j] = (i == 0 || j == 0 || i == nRows - 1 || j == nCols - 1)
                                ? 10.0 + i % 3
                                : (double)(rand() % 1000) / 100.0;
  DoStencil(data, newData, nRows, nCols, nIters, 0.25, 0.15, 0.05);
  double sum = 0, halo = 0;
  for (int i = 0; i < nRows * nCols; i++) sum += data[i];
  for (int j = 0; j < nCols; j++) halo += data[j] + newData[(nRows - 1) * nCols + j];
  printf("sum %.9f halo %.6f\n", sum, halo);
  for (int i = 1; i < nRows; i += 9) printf("data[%d][%d] = %.9f\n", i, nCols / 2, data[i * nCols + nCols / 2]);
  printf("newData[2][3] = %.9f\n", newData[2 * nCols + 3]);
  return 0;
}
