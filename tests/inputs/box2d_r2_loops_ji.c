// expect: {"dims": 2, "extents": ["ny", "nx"], "radius": [2, 2], "shape": "box", "npoints": 25, "coefs": {"0,0": 0.04, "2,2": 0.04, "-2,1": 0.04}, "loop_axis": [1, 0], "time_form": "time levels"}
/* A 5x5 box average written with the contiguous loop outside (a column sweep). */
void box(int ny, int nx, int steps, double A[2][ny][nx]) {
  for (int t = 0; t < steps; t++)
    for (int x = 2; x < nx - 2; x++)
      for (int y = 2; y < ny - 2; y++)
        A[(t + 1) % 2][y][x] = 0.04 * (A[t % 2][y - 2][x - 2] + A[t % 2][y - 2][x - 1] + A[t % 2][y - 2][x] + A[t % 2][y - 2][x + 1] + A[t % 2][y - 2][x + 2]
                                     + A[t % 2][y - 1][x - 2] + A[t % 2][y - 1][x - 1] + A[t % 2][y - 1][x] + A[t % 2][y - 1][x + 1] + A[t % 2][y - 1][x + 2]
                                     + A[t % 2][y][x - 2] + A[t % 2][y][x - 1] + A[t % 2][y][x] + A[t % 2][y][x + 1] + A[t % 2][y][x + 2]
                                     + A[t % 2][y + 1][x - 2] + A[t % 2][y + 1][x - 1] + A[t % 2][y + 1][x] + A[t % 2][y + 1][x + 1] + A[t % 2][y + 1][x + 2]
                                     + A[t % 2][y + 2][x - 2] + A[t % 2][y + 2][x - 1] + A[t % 2][y + 2][x] + A[t % 2][y + 2][x + 1] + A[t % 2][y + 2][x + 2]);
}
