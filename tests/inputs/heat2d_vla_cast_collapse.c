// expect: {"dims": 2, "dtype": "double", "extents": ["n", "n"], "radius": [1, 1], "npoints": 5, "time_form": "pointer swap", "scalars": {"alpha": {"kind": "parameter"}, "dt": {"kind": "parameter"}, "dx": {"kind": "parameter"}, "r": {"kind": "derived"}}, "scoefs": {"0,0": [1, -4, "r"], "-1,0": [0, 1, "r"], "0,1": [0, 1, "r"]}}
/* Flat buffers cast to pointers to VLA rows, double (*restrict u)[n] = (double (*)[n]) buf;, the
 * coefficient computed before the time loop, #pragma omp parallel for collapse(2). */
void run(int n, int nt, double alpha, double dt, double dx, double *buf0, double *buf1)
{
  double (*restrict u)[n] = (double (*)[n]) buf0;
  double (*restrict un)[n] = (double (*)[n]) buf1;
  const double r = alpha * dt / (dx * dx);
  for (int t = 0; t < nt; t++) {
#pragma omp parallel for collapse(2)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        un[i][j] = u[i][j] + r * (u[i+1][j] + u[i-1][j] + u[i][j+1] + u[i][j-1] - 4.0 * u[i][j]);
    double (*tmp)[n] = u; u = un; un = tmp;
  }
}
