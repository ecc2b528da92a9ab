// expect: 7:28: error: the struct member 'ny' is used as a size; stencilc takes sizes as variables, macros or constants
/* Sizes held in a struct and read as g->nx in the loops and indices. */
typedef double real;
typedef struct { int nx, ny; real dx; } grid_t;
void heat(const grid_t *g, int nt, real *restrict u, real *restrict v) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < g->ny - 1; i++)
      for (int j = 1; j < g->nx - 1; j++)
        v[i * g->nx + j] = u[i * g->nx + j] + 0.2 * (u[(i - 1) * g->nx + j] + u[(i + 1) * g->nx + j] - 2.0 * u[i * g->nx + j]);
    real *tmp = u; u = v; v = tmp;
  }
}
