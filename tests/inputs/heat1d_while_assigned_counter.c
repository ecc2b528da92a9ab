// expect: {"dims": 1, "dtype": "double", "extents": ["n"], "steps": "nt", "radius": [1], "npoints": 3, "time_form": "pointer swap", "scoefs": {"0": [1, -2, "r"], "1": [0, 1, "r"]}}
/* The counter declared at the top (C89), set just before a while loop, stepped by t += 1. */
void heat1d(int n, int nt, double r, double *u, double *un)
{
  int t;
  double *tmp;
  t = 0;
  while (t < nt) {
    for (int i = 1; i < n - 1; i++)
      un[i] = u[i] + r * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
    tmp = u;
    u = un;
    un = tmp;
    t += 1;
  }
}
