// expect: {"dims": 2, "extents": ["n", "n"], "npoints": 5, "time_form": "copy-back", "scalars": {"w": {"kind": "parameter", "type": "double"}, "c": {"kind": "derived", "type": "double"}}, "scoefs": {"0,0": [0, 1, "c"], "-1,0": [0, 1, "w"], "0,1": [0, 1, "w"]}}
/* The centre's weight computed once per row, between the loops (hoisted out of the inner loop
 * by hand), as optimised C codes write loop invariants. */
void smooth(int n, int nt, double w, double u[n][n], double un[n][n]) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++) {
      const double c = 1.0 - 4.0 * w;
      for (int j = 1; j < n - 1; j++)
        un[i][j] = c * u[i][j] + w * (u[i+1][j] + u[i-1][j] + u[i][j+1] + u[i][j-1]);
    }
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[i][j] = un[i][j];
  }
}
