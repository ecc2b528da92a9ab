// expect: {"dims": 2, "extents": ["ny", "nx"], "halo_lo": [1, 1], "halo_hi": [0, 0], "radius": [1, 1], "shape": "star", "npoints": 3, "coefs": {"0,0": 0.5, "0,-1": 0.3, "-1,0": 0.2}, "time_form": "time levels"}
/* First-order upwind advection with positive velocity: reads only the cells behind (an
 * asymmetric halo). */
void advect(int ny, int nx, int nt, double q[2][ny][nx]) {
  for (int n = 0; n < nt; n++)
    for (int j = 1; j < ny; j++)
      for (int i = 1; i < nx; i++)
        q[(n + 1) % 2][j][i] = q[n % 2][j][i] - 0.3 * (q[n % 2][j][i] - q[n % 2][j][i - 1]) - 0.2 * (q[n % 2][j][i] - q[n % 2][j - 1][i]);
}
