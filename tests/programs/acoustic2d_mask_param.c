/* 2D acoustic wave with the isotropic nine-point Laplacian (Patra and Karttunen: corners 1,
 * edges 4, centre -20, over 6 h^2) as a 3x3 matrix the caller fills and passes in, read as
 * lap9[a + 1][b + 1] over the neighbourhood; the velocity term v^2 dt^2 in a grid, three
 * wavefields rotated by pointer. */
void wave9(int nx, int ny, int nt, const float lap9[3][3], const float *restrict vdt2,
           float *restrict prev, float *restrict cur, float *restrict next) {
  for (int it = 0; it < nt; it++) {
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++) {
        float lap = 0.0f;
        for (int a = -1; a <= 1; a++)
          for (int b = -1; b <= 1; b++)
            lap += lap9[a + 1][b + 1] * cur[(i + a) * ny + (j + b)];
        next[i * ny + j] = 2.0f * cur[i * ny + j] - prev[i * ny + j] + vdt2[i * ny + j] * lap;
      }
    float *t = prev;
    prev = cur;
    cur = next;
    next = t;
  }
}
