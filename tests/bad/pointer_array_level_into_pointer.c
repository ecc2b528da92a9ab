// expect: 7:19: error: the grid is taken from 'grid', an array of pointers, into a pointer; stencilc reads time levels from one array or from two pointers it swaps
// hint: index the array of pointers in the sweep itself, grid[t % 2][i] read and grid[(t + 1) % 2][i] written, or keep the time levels in two pointers swapped after the sweep: tmp = a; a = b; b = tmp;
/* The levels of an array of pointers taken into locals each step. */
void relax(int n, int nt, double **grid) {
  for (int t = 0; t < nt; t++) {
    const double *old = grid[t & 1];
    double *new = grid[(t + 1) & 1];
    for (int i = 1; i < n - 1; i++)
      new[i] = 0.5 * old[i] + 0.25 * (old[i - 1] + old[i + 1]);
  }
}
