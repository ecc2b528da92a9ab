// expect: {"dims": 2, "extents": ["ny", "nx"], "radius": [1, 1], "shape": "general", "npoints": 4, "coefs": {"0,0": 1.0, "0,1": -0.7, "1,0": -0.7, "1,1": 0.7}, "time_form": "time levels"}
/* One field updated from differences of its own neighbours (the curl-like update of an FDTD
 * code reduced to a single field): points at (0,1), (1,0) and (1,1). */
void curl(int ny, int nx, int nt, double hz[2][ny][nx]) {
  for (int t = 0; t < nt; t++)
    for (int i = 0; i < ny - 1; i++)
      for (int j = 0; j < nx - 1; j++)
        hz[(t + 1) % 2][i][j] = hz[t % 2][i][j] - 0.7 * (hz[t % 2][i][j + 1] - hz[t % 2][i + 1][j + 1] + hz[t % 2][i + 1][j]);
}
