// expect: {"dims": 2, "dtype": "float", "extents": ["n", "n"], "radius": [1, 1], "shape": "star", "npoints": 4, "coefs": {"-1,0": 0.25, "1,0": 0.25, "0,1": 0.25, "0,-1": 0.25}, "time_form": "time levels"}
// check: -s 29 -t 5
/* The two levels of one array named by locals of the time loop's body, computed from the step
 * as its parity: int cur = t & 1, nxt = 1 - cur; the loop counting from 1. */
void heat(int n, int nt, float u[2][n][n]) {
  for (int t = 1; t <= nt; t++) {
    int cur = t & 1, nxt = 1 - cur;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[nxt][i][j] = 0.25f * (u[cur][i - 1][j] + u[cur][i + 1][j] + u[cur][i][j - 1] + u[cur][i][j + 1]);
  }
}
