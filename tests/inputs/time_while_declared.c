// expect: {"dims": 3, "extents": ["nz", "ny", "nx"], "halo_lo": [1, 2, 3], "halo_hi": [1, 2, 3], "radius": [1, 2, 3], "shape": "star", "npoints": 7, "coefs": {"0,0,3": 0.1, "0,-2,0": 0.1, "1,0,0": 0.1, "0,0,0": 0.4}, "time_form": "time levels"}
/* Different radius per axis, loop variables declared at the top of the function (C89 style). */
void aniso(int nz, int ny, int nx, int nt, float A[2][nz][ny][nx]) {
  int t, z, y, x;
  for (t = 0; t < nt; t++)
    for (z = 1; z < nz - 1; z++)
      for (y = 2; y < ny - 2; y++)
        for (x = 3; x < nx - 3; x++)
          A[(t + 1) % 2][z][y][x] = 0.4f * A[t % 2][z][y][x] + 0.1f * (A[t % 2][z - 1][y][x] + A[t % 2][z + 1][y][x] + A[t % 2][z][y - 2][x] + A[t % 2][z][y + 2][x] + A[t % 2][z][y][x - 3] + A[t % 2][z][y][x + 3]);
}
