// expect: {"dims": 2, "dtype": "double", "extents": ["nx", "ny"], "halo_lo": [1, 1], "halo_hi": [1, 1], "radius": [1, 1], "npoints": 5, "time_form": "pointer swap", "scoefs": {"0,0": [1, -4, "r"], "-1,0": [0, 1, "r"], "0,1": [0, 1, "r"]}}
/* Loop bounds held in locals set before the time loop, nx1 = nx - 1 (the last interior index + 1),
 * as codes translated from Fortran write them. */
void heat(int nx, int ny, int nt, double r, double *u, double *un)
{
  int nx1 = nx - 1, ny1 = ny - 1;
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < nx1; i++)
      for (int j = 1; j < ny1; j++)
        un[i * ny + j] = u[i * ny + j] + r * (u[(i - 1) * ny + j] + u[(i + 1) * ny + j] + u[i * ny + j - 1] + u[i * ny + j + 1] - 4 * u[i * ny + j]);
    double *tmp = u; u = un; un = tmp;
  }
}
