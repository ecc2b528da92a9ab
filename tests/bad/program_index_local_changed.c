// expect: 16:14: error: the flattened index of 'unew' is not the row-major cell of the loop variables over the grids' extents (34 x 40): the index 'c' is changed after its declaration (line 15), so it is not the value it was declared with
/* Heun's method on flat grids whose corrector steps its index to the east neighbour in place. */
#define NY 34
#define NX 40

void f(int steps, float *u, float *unew, float *k1) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < NY - 1; i++)
      for (int j = 1; j < NX - 1; j++) {
        int idx = i * NX + j;
        k1[idx] = u[idx] + 0.2f * (u[idx - NX] + u[idx + NX] + u[idx - 1] + u[idx + 1] - 4.0f * u[idx]);
      }
    for (int i = 2; i < NY - 2; i++)
      for (int j = 2; j < NX - 2; j++) {
        int c = i * NX + j;
        unew[c] = 0.5f * (u[c] + k1[c]) + 0.1f * (k1[c - NX] + k1[c + NX] + k1[c - 1] +
                                                   k1[c += 1] - 4.0f * k1[c]);
      }
    float *tmp = u;
    u = unew;
    unew = tmp;
  }
}
