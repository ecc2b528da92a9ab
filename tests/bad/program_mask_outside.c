// expect: 12:32: error: subscript 2 of the coefficient array 'mask' is 3, outside 0 to 2
/* A 3x3 mask passed in, read one column past its end: the user's loop over b runs to 2 where
 * the mask's second size is 3, so mask[a + 1][b + 1] reaches mask[.][3]. */
void wave9(int nx, int ny, int nt, const float mask[3][3], const float *restrict c2,
           float *restrict prev, float *restrict cur, float *restrict next) {
  for (int it = 0; it < nt; it++) {
    for (int i = 2; i < nx - 2; i++)
      for (int j = 2; j < ny - 2; j++) {
        float lap = 0.0f;
        for (int a = -1; a <= 1; a++)
          for (int b = -1; b <= 2; b++)
            lap += mask[a + 1][b + 1] * cur[(i + a) * ny + (j + b)];
        next[i * ny + j] = 2.0f * cur[i * ny + j] - prev[i * ny + j] + c2[i * ny + j] * lap;
      }
    float *t = prev;
    prev = cur;
    cur = next;
    next = t;
  }
}
