// expect: {"dims": 2, "dtype": "double", "extents": ["n", "m"], "radius": [1, 1], "npoints": 5, "time_form": "pointer swap", "scalars": {"c0": {"kind": "parameter"}, "c1": {"kind": "parameter"}}, "scoefs": {"0,0": [0, 1, "c0"], "-1,0": [0, 1, "c1"], "0,1": [0, 1, "c1"]}}
/* The update accumulated into the output over several statements: centre first, then += per axis. */
void lap_acc(int n, int m, int steps, double c0, double c1, double (*a)[m], double (*b)[m])
{
  for (int s = 0; s < steps; s++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++) {
        double acc = c0 * a[i][j];
        acc += c1 * (a[i - 1][j] + a[i + 1][j]);
        acc += c1 * (a[i][j - 1] + a[i][j + 1]);
        b[i][j] = acc;
      }
    double (*t)[m] = a; a = b; b = t;
  }
}
