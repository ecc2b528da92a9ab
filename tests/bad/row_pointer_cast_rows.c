// expect: 7:20: error: 'row' points into a grid from inside the loops, but not as &u[e], u + e or u - e of a flat grid u
/* A pointer into a grid of rows (float (*a)[64]) cast to a float pointer: u + i steps whole
 * rows, so it is no flat grid's offset. */
void jac(int steps, float (*a)[64], float (*b)[64]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < 63; i++) {
      const float *row = (const float *)(a + i);
      float *out = (float *)(b + i);
      for (int j = 1; j < 63; j++)
        out[j] = 0.5f * (row[j - 1] + row[j + 1]);
    }
    float (*tmp)[64] = a; a = b; b = tmp;
  }
}
