// expect: 8:19: error: the grid is taken from a fixed entry of 'grid', an array of pointers; stencilc reads its two time levels named by the step
// hint: name the level by the step: grid[t % 2] read and grid[(t + 1) % 2] written, or grid[cur] and grid[1 - cur] with cur = 1 - cur; after the sweep; or keep the levels in two pointers swapped after the sweep: tmp = a; a = b; b = tmp;
/* The levels taken from fixed entries of an array of pointers, the entries swapped after the
 * sweep: stencilc reads the levels named by the step. */
void relax(int n, int nt, double **grid) {
  for (int t = 0; t < nt; t++) {
    const double *old = grid[0];
    double *new = grid[1];
    for (int i = 1; i < n - 1; i++)
      new[i] = 0.5 * old[i] + 0.25 * (old[i - 1] + old[i + 1]);
    double *tmp = grid[0];
    grid[0] = grid[1];
    grid[1] = tmp;
  }
}
