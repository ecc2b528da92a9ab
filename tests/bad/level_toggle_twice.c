// expect: 10:15: error: the level index 'cur' is changed elsewhere than by its toggle in the time loop
// hint: toggle the level index once a step, as the last statement of the time loop, from 0 or 1: int cur = 0; for (t = 0; t < nt; t++) { A[1 - cur][i] = f(A[cur][i]); cur = 1 - cur; }
/* The level index is toggled twice a step (a leftover of a two-sweep version): it names the
 * same level every step, which is no alternation of two levels. */
void heat(int n, int nt, float u[2][n][n]) {
  int cur = 0;
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[1 - cur][i][j] = 0.25f * (u[cur][i - 1][j] + u[cur][i + 1][j] + u[cur][i][j - 1] + u[cur][i][j + 1]);
    cur = 1 - cur;
    cur = 1 - cur;
  }
}
