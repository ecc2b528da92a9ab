// expect: 13:20: error: 'mask[4][4]' is run-time scalar 33 of the time loop; a stencil program reads at most 32 (float or double parameters and values computed before the loop)
/* A 2D wave whose operator is a 7x7 mask the caller fills (a sixth-order rotated Laplacian),
 * passed as const float mask[7][7] and read as mask[a + 3][b + 3]: 49 run-time scalars, more
 * than a stencil program takes. */
void wave49(int nx, int ny, int nt, const float mask[7][7], const float *restrict c2,
            float *restrict prev, float *restrict cur, float *restrict next) {
  for (int it = 0; it < nt; it++) {
    for (int i = 3; i < nx - 3; i++)
      for (int j = 3; j < ny - 3; j++) {
        float lap = 0.0f;
        for (int a = -3; a <= 3; a++)
          for (int b = -3; b <= 3; b++)
            lap += mask[a + 3][b + 3] * cur[(i + a) * ny + (j + b)];
        next[i * ny + j] = 2.0f * cur[i * ny + j] - prev[i * ny + j] + c2[i * ny + j] * lap;
      }
    float *t = prev;
    prev = cur;
    cur = next;
    next = t;
  }
}
