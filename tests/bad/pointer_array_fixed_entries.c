// expect: 7:7: error: the grid is taken from a fixed entry of 'grid', an array of pointers; stencilc reads its two time levels named by the step
// hint: name the level by the step: grid[t % 2] read and grid[(t + 1) % 2] written, or grid[cur] and grid[1 - cur] with cur = 1 - cur; after the sweep; or keep the levels in two pointers swapped after the sweep: tmp = a; a = b; b = tmp;
/* grid[1] written from grid[0], the entries themselves swapped afterwards. */
void smooth(int nx, int nt, double *grid[2]) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < nx - 1; i++)
      grid[1][i] = (grid[0][i - 1] + grid[0][i] + grid[0][i + 1]) / 3.0;
    double *tmp = grid[0];
    grid[0] = grid[1];
    grid[1] = tmp;
  }
}
