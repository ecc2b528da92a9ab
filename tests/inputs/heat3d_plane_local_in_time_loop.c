// expect: {"dims": 3, "dtype": "float", "extents": ["nz", "ny", "nx"], "radius": [1, 1, 1], "npoints": 7, "time_form": "pointer swap", "coefs": {"0,0,0": 0.4, "1,0,0": 0.1, "0,-1,0": 0.1, "0,0,1": 0.1}}
/* The plane stride computed in the time loop (const int nxy = nx * ny;), the cell index in the
 * innermost body, the neighbours at c - 1, c + nx, c - nxy. */
void heat3d(int nx, int ny, int nz, int nt, float *a, float *b)
{
  for (int t = 0; t < nt; t++) {
    const int nxy = nx * ny;
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++) {
          const int c = k * nxy + j * nx + i;
          b[c] = 0.4f * a[c] + 0.1f * (a[c - 1] + a[c + 1] + a[c - nx] + a[c + nx] + a[c - nxy] + a[c + nxy]);
        }
    float *tmp = a; a = b; b = tmp;
  }
}
