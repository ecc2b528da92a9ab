// expect: 6:20: error: 'row' points into a grid from inside the loops; stencilc reads accesses through the grid's own name, not through row or cell pointers
/* Row pointers into the grids, as C codes that avoid index arithmetic write: refused clearly. */
void jacobi(int NX, int NY, int steps, float *u, float *unew) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < NY - 1; i++) {
      const float *row = &u[i * NX], *above = &u[(i - 1) * NX], *below = &u[(i + 1) * NX];
      float *out = &unew[i * NX];
      for (int j = 1; j < NX - 1; j++)
        out[j] = 0.25f * (row[j - 1] + row[j + 1] + above[j] + below[j]);
    }
    float *tmp = u; u = unew; unew = tmp;
  }
}
