// expect: {"dims": 2, "dtype": "double", "extents": ["ny + 2", "nx + 2"], "halo_lo": [1, 1], "halo_hi": [1, 1], "radius": [1, 1], "npoints": 4, "coefs": {"-1,0": 0.25, "1,0": 0.25, "0,-1": 0.25, "0,1": 0.25}, "time_form": "copy-back"}
/* Jacobi for Laplace's equation written Fortran style: the interior is 1..nx by 1..ny, one
 * ghost cell around it, so the arrays are declared (ny + 2) x (nx + 2) and the loops use <=. */
void jacobi(int nx, int ny, int iters, double a[ny + 2][nx + 2], double anew[ny + 2][nx + 2]) {
  int i, j, it;
  for (it = 0; it < iters; it++) {
    for (i = 1; i <= ny; i++)
      for (j = 1; j <= nx; j++)
        anew[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
    for (i = 1; i <= ny; i++)
      for (j = 1; j <= nx; j++)
        a[i][j] = anew[i][j];
  }
}
