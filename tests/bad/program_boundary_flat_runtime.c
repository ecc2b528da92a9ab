// expect: 11:10: error: the flattened index of 'un' in the boundary stage names 'jin', a position known at run time only; stencilc takes the loop's counters, constants and the grid's extents plus constants there
/* An inflow row of a flat grid whose row is a parameter (un[jin * nx + i] = inflow[t]): refused,
 * a flat boundary cell is row-major over the loop's counters, constants and the extents. */
void heat(int nx, int ny, int nt, int jin, float r, const float *inflow, float *u, float *un) {
  for (int t = 0; t < nt; t++) {
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        un[j * nx + i] = u[j * nx + i] + r * (u[j * nx + i - 1] + u[j * nx + i + 1] +
                         u[(j - 1) * nx + i] + u[(j + 1) * nx + i] - 4.0f * u[j * nx + i]);
    for (int i = 0; i < nx; i++)
      un[jin * nx + i] = inflow[t];
    float *tmp = u;
    u = un;
    un = tmp;
  }
}
