// expect: {"dims": 2, "extents": ["nx", "ny"], "halo_lo": [2, 1], "halo_hi": [2, 1], "radius": [2, 1], "npoints": 3, "coefs": {"-2,0": 0.5, "0,1": 0.25, "0,0": 0.25}, "loop_axis": [1, 0]}
/* Column-major loop order over a row-major grid: the j loop (axis 1) is outside the i loop. */
void f(int nx, int ny, int steps, float A[2][nx][ny]) {
  for (int t = 0; t < steps; t++)
    for (int j = 1; j < ny - 1; j++)
      for (int i = 2; i < nx - 2; i++)
        A[(t + 1) % 2][i][j] = 0.5f * A[t % 2][i - 2][j] + 0.25f * A[t % 2][i][j + 1] + 0.25f * A[t % 2][i][j];
}
