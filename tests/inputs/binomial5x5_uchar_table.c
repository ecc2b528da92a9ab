// expect: {"dims": 2, "dtype": "double", "extents": ["ny", "nx"], "radius": [2, 2], "shape": "box", "npoints": 25, "coefs": {"0,0": 0.140625, "-2,-2": 0.00390625, "-2,0": 0.0234375, "1,-2": 0.015625, "2,1": 0.015625, "-1,-1": 0.0625}}
// check: -s 22x27 -t 3
/* A separable 5x5 binomial filter as embedded image code keeps it: one row of weights in an
 * unsigned char table, the 2D weight the int product of two of them (computed in int, then
 * converted where it meets the pixel), normalised by the weights' total written as the
 * product of two int sums. */
static const unsigned char B[5] = {1, 4, 6, 4, 1};

void binomial(int nx, int ny, int steps, double (*restrict a)[nx], double (*restrict b)[nx]) {
  const int total = (B[0] + B[1] + B[2] + B[3] + B[4]) * (B[0] + B[1] + B[2] + B[3] + B[4]);
  for (int t = 0; t < steps; t++) {
    for (int y = 2; y < ny - 2; y++)
      for (int x = 2; x < nx - 2; x++) {
        double s = 0.0;
        for (int u = -2; u <= 2; u++)
          for (int v = -2; v <= 2; v++)
            s += B[u + 2] * B[v + 2] * a[y + u][x + v];
        b[y][x] = s / total;
      }
    for (int y = 2; y < ny - 2; y++)
      for (int x = 2; x < nx - 2; x++) a[y][x] = b[y][x];
  }
}
