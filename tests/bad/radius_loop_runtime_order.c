// expect: 10:30: error: loop over 'r' inside the cell is bounded by 'order / 2', which is not a compile-time constant
/* A seismic step whose stencil order is a run-time argument: the radius loop cannot be
 * unrolled into the stencil's points, so it is refused at its bound, with the macro form. */
void step(int nx, int ny, int nt, int order, const float c[5], float *restrict u,
          float *restrict v) {
  for (int t = 0; t < nt; t++) {
    for (int j = 4; j < ny - 4; j++)
      for (int i = 4; i < nx - 4; i++) {
        float s = 2.0f * c[0] * u[j * nx + i];
        for (int r = 1; r <= order / 2; r++)
          s += c[r] * (u[j * nx + i + r] + u[j * nx + i - r] + u[(j + r) * nx + i] + u[(j - r) * nx + i]);
        v[j * nx + i] = u[j * nx + i] + 0.1f * s;
      }
    float *tmp = u; u = v; v = tmp;
  }
}
