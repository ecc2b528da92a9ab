// expect: {"dims": 1, "dtype": "double", "extents": ["n"], "steps": "nt", "radius": [1], "npoints": 3, "time_form": "pointer swap", "scoefs": {"0": [1, -2, "r"], "-1": [0, 1, "r"], "1": [0, 1, "r"]}}
/* 1D heat with the time loop written do { ... } while (++t < nt);, the counter declared with its
 * start just before it. */
void heat1d(int n, int nt, double r, double *u, double *un)
{
  int t = 0;
  do {
    for (int i = 1; i < n - 1; i++)
      un[i] = u[i] + r * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
    double *tmp = u; u = un; un = tmp;
  } while (++t < nt);
}
