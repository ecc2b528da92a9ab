/* Heun's method on flat float grids, C89 style: the counters and the cell's index declared once
 * at the top of the function, the index assigned again in each stage's loop body
 * (idx = i * nx + j;), the predictor k1 updated in place, u and unew swapped by pointer. */
void heun(int nx, int ny, int steps, float *u, float *unew, float *k1) {
  int t, i, j, idx;
  float *tmp;
  for (t = 0; t < steps; t++) {
    for (i = 1; i < ny - 1; i++)
      for (j = 1; j < nx - 1; j++) {
        idx = i * nx + j;
        k1[idx] = u[idx] + 0.2f * (u[idx - nx] + u[idx + nx] + u[idx - 1] + u[idx + 1] -
                                  4.0f * u[idx]);
      }
    for (i = 1; i < ny - 1; i++)
      for (j = 1; j < nx - 1; j++) {
        idx = i * nx + j;
        unew[idx] = 0.5f * (u[idx] + k1[idx]) +
                    0.1f * (k1[idx - nx] + k1[idx + nx] + k1[idx - 1] + k1[idx + 1] - 4.0f * k1[idx]);
      }
    tmp = u;
    u = unew;
    unew = tmp;
  }
}
