// expect: {"dims": 2, "dtype": "double", "extents": [256, 256], "steps": "nt", "radius": [1, 1], "shape": "star", "npoints": 5, "time_form": "copy-back", "scoefs": {"0,0": [1, -4, "r"], "1,0": [0, 1, "r"], "0,-1": [0, 1, "r"]}}
// check: -t 4
/* Explicit heat on global arrays of #define'd size, the time loop written while (t < nt) with
 * t++ at the end of its body, the new values copied back by a second nest. */
#define N 256
static double u[N][N], un[N][N];
void solve(int nt, double r)
{
  int t = 0;
  while (t < nt) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        un[i][j] = u[i][j] + r * (u[i+1][j] + u[i-1][j] + u[i][j+1] + u[i][j-1] - 4 * u[i][j]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        u[i][j] = un[i][j];
    t++;
  }
}
