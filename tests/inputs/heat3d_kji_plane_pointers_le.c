// expect: {"dims": 3, "dtype": "float", "extents": ["nz", "ny", "nx"], "halo_lo": [1, 1, 1], "halo_hi": [1, 1, 1], "radius": [1, 1, 1], "shape": "star", "npoints": 7, "time_form": "pointer swap"}
/* A 3D 7-point heat update on pointers to 2D VLA planes, u[k][j][i] with k outer, <= bounds. */
void heat3d(int nz, int ny, int nx, int nt, float (*restrict u)[ny][nx], float (*restrict v)[ny][nx])
{
  const float c0 = 0.4f, c1 = 0.1f;
  for (int t = 1; t <= nt; t++) {
    for (int k = 1; k <= nz - 2; k++)
      for (int j = 1; j <= ny - 2; j++)
        for (int i = 1; i <= nx - 2; i++)
          v[k][j][i] = c0 * u[k][j][i] + c1 * (u[k - 1][j][i] + u[k + 1][j][i] + u[k][j - 1][i] +
                                               u[k][j + 1][i] + u[k][j][i - 1] + u[k][j][i + 1]);
    float (*w)[ny][nx] = u; u = v; v = w;
  }
}
