/* 1D relaxation, the levels of an array of two pointers assigned each step to pointers declared
 * before the time loop (not declared with their value in it). */
void relax(int n, int nt, double *grid[2]) {
  double *cur, *nxt;
  for (int t = 0; t < nt; t++) {
    cur = grid[t & 1];
    nxt = grid[(t + 1) & 1];
    for (int i = 1; i < n - 1; i++)
      nxt[i] = 0.5 * cur[i] + 0.25 * (cur[i - 1] + cur[i + 1]);
  }
}
