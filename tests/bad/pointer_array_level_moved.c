// expect: 13:5: error: the pointer 'nxt', one level of 'grid', is changed after its declaration
// hint: set the pointer once, where it is declared: double *cur = grid[t % 2], *nxt = grid[(t + 1) % 2];
/* Levels of an array of pointers taken into locals, then swapped as if they were the grids: the
 * locals are set again at the next step, the swap does nothing. */
void relax(int n, int nt, double *grid[2]) {
  for (int t = 0; t < nt; t++) {
    double *cur = grid[t % 2];
    double *nxt = grid[(t + 1) % 2];
    for (int i = 1; i < n - 1; i++)
      nxt[i] = 0.5 * cur[i] + 0.25 * (cur[i - 1] + cur[i + 1]);
    double *tmp = cur;
    cur = nxt;
    nxt = tmp;
  }
}
