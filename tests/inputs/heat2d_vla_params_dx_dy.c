// expect: {"dims": 2, "dtype": "double", "extents": ["nx", "ny"], "radius": [1, 1], "shape": "star", "npoints": 5, "time_form": "copy-back", "scalars": {"alpha": {"kind": "parameter"}, "dt": {"kind": "parameter"}, "dx": {"kind": "parameter"}, "dy": {"kind": "parameter"}}}
/* C99 VLA parameters double u[nx][ny], the diffusion coefficients passed as const double
 * parameters and combined in the update, dx and dy different. */
void heat2d(int nx, int ny, int nsteps, const double alpha, const double dt, const double dx,
            const double dy, double u[nx][ny], double unew[nx][ny])
{
  for (int n = 0; n < nsteps; n++) {
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        unew[i][j] = u[i][j] + alpha * dt * ((u[i + 1][j] - 2.0 * u[i][j] + u[i - 1][j]) / (dx * dx) +
                                             (u[i][j + 1] - 2.0 * u[i][j] + u[i][j - 1]) / (dy * dy));
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        u[i][j] = unew[i][j];
  }
}
