// expect: {"dims": 2, "dtype": "double", "extents": ["ny", "nx"], "radius": [1, 1], "npoints": 5, "time_form": "pointer swap", "scalars": {"r": {"kind": "parameter"}}, "scoefs": {"0,0": [1, -4, "r"], "-1,0": [0, 1, "r"], "0,1": [0, 1, "r"]}}
/* A grid descriptor holding the sizes and both buffers, copied into locals before the time loop
 * (the form stencilc's hint gives for g->u[...]), the local pointers swapped. */
typedef struct {
  int nx, ny;
  double *u, *unew;
} grid;

void step_all(grid *g, int nsteps, double r)
{
  const int nx = g->nx, ny = g->ny;
  double *u = g->u, *unew = g->unew;
  for (int n = 0; n < nsteps; n++) {
    for (int i = 1; i < ny - 1; i++)
      for (int j = 1; j < nx - 1; j++)
        unew[i * nx + j] = u[i * nx + j] +
          r * (u[(i - 1) * nx + j] + u[(i + 1) * nx + j] +
               u[i * nx + j - 1] + u[i * nx + j + 1] - 4.0 * u[i * nx + j]);
    double *tmp = u; u = unew; unew = tmp;
  }
}
