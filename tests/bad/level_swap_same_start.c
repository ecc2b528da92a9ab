// expect: 10:11: error: the level indices swapped in the time loop do not start at 0 and 1
// hint: toggle the level index once a step, as the last statement of the time loop, from 0 or 1: int cur = 0; for (t = 0; t < nt; t++) { A[1 - cur][i] = f(A[cur][i]); cur = 1 - cur; }
/* Two level indices swapped each step that both start at 0: the sweep would read and write the
 * same level. */
void heat(int n, int nt, double u[2][n][n]) {
  int old = 0, nu = 0;
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[nu][i][j] = 0.25 * (u[old][i - 1][j] + u[old][i + 1][j] + u[old][i][j - 1] + u[old][i][j + 1]);
    int tmp = old;
    old = nu;
    nu = tmp;
  }
}
