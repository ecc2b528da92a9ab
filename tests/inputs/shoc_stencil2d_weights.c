// expect: {"dims": 2, "dtype": "float", "extents": ["nRows", "nCols"], "steps": "nIters", "radius": [1, 1], "shape": "box", "npoints": 9, "scoefs": {"0,0": [0, 1, "wCenter"], "-1,0": [0, 1, "wCardinal"], "0,1": [0, 1, "wCardinal"], "1,1": [0, 1, "wDiagonal"], "-1,-1": [0, 1, "wDiagonal"]}, "time_form": "pointer swap"}
/* SHOC Stencil2D: a 9-point stencil weighted by center, cardinal and diagonal weights, the three
 * sums computed into locals first. */
void DoStencil(float *data, float *newData, int nRows, int nCols, float wCenter,
               float wCardinal, float wDiagonal, int nIters)
{
  for (int iter = 0; iter < nIters; iter++) {
    for (int i = 1; i < nRows - 1; i++) {
      for (int j = 1; j < nCols - 1; j++) {
        float center = data[i * nCols + j];
        float cardinal = data[(i - 1) * nCols + j] + data[(i + 1) * nCols + j] +
                         data[i * nCols + (j - 1)] + data[i * nCols + (j + 1)];
        float diagonal = data[(i - 1) * nCols + (j - 1)] + data[(i - 1) * nCols + (j + 1)] +
                         data[(i + 1) * nCols + (j - 1)] + data[(i + 1) * nCols + (j + 1)];
        newData[i * nCols + j] = wCenter * center + wCardinal * cardinal + wDiagonal * diagonal;
      }
    }
    float *tmp = data;
    data = newData;
    newData = tmp;
  }
}
