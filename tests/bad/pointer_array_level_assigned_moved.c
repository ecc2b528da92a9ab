// expect: 14:5: error: the pointer 'nxt', one level of 'grid', is changed after it is set
// hint: set the pointer once, where it is declared: double *cur = grid[t % 2], *nxt = grid[(t + 1) % 2];, or once at the top of the step
/* Levels of an array of pointers assigned at the top of the step, then swapped as well: the
 * swap does nothing the next step's assignments keep. */
void relax(int n, int nt, double *grid[2]) {
  double *cur, *nxt, *tmp;
  for (int t = 0; t < nt; t++) {
    cur = grid[t % 2];
    nxt = grid[(t + 1) % 2];
    for (int i = 1; i < n - 1; i++)
      nxt[i] = 0.5 * cur[i] + 0.25 * (cur[i - 1] + cur[i + 1]);
    tmp = cur;
    cur = nxt;
    nxt = tmp;
  }
}
