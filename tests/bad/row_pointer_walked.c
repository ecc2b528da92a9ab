// expect: 10:10: error: the row pointer 'out' is changed after its declaration
/* An output pointer walked along the row (*out++ = ...): its value at a cell depends on the
 * iterations before, so it is no fixed offset into the grid. */
void smooth(int NX, int NY, int steps, float *u, float *unew) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < NY - 1; i++) {
      const float *row = &u[i * NX], *above = &u[(i - 1) * NX], *below = &u[(i + 1) * NX];
      float *out = &unew[i * NX + 1];
      for (int j = 1; j < NX - 1; j++)
        *out++ = 0.25f * (row[j - 1] + row[j + 1] + above[j] + below[j]);
    }
    float *tmp = u; u = unew; unew = tmp;
  }
}
