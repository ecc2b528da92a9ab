// expect: 16:9: error: the grid is the struct member 'unew'; stencilc reads grids held in variables
// hint: copy the struct's pointers into locals before the time loop and sweep and swap those: double *u = g->u, *unew = g->unew; ... unew[i * nx + j] = u[...];
/* A grid descriptor holding the buffers, swept and swapped through the struct (g->u[...]):
 * the sizes copied into locals, but not the pointers. */
typedef struct {
  int nx, ny;
  double *u, *unew;
} grid;

void step_all(grid *g, int nsteps, double r)
{
  const int nx = g->nx, ny = g->ny;
  for (int n = 0; n < nsteps; n++) {
    for (int i = 1; i < ny - 1; i++)
      for (int j = 1; j < nx - 1; j++)
        g->unew[i * nx + j] = g->u[i * nx + j] +
          r * (g->u[(i - 1) * nx + j] + g->u[(i + 1) * nx + j] +
               g->u[i * nx + j - 1] + g->u[i * nx + j + 1] - 4.0 * g->u[i * nx + j]);
    double *tmp = g->u; g->u = g->unew; g->unew = tmp;
  }
}
