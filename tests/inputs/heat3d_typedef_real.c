// expect: {"dims": 3, "dtype": "double", "extents": ["n", "n", "n"], "npoints": 7, "time_form": "pointer swap", "scalars": {"c0": {"kind": "parameter", "type": "double"}, "c1": {"kind": "parameter", "type": "double"}}, "scoefs": {"0,0,0": [0, 1, "c0"], "-1,0,0": [0, 1, "c1"], "0,0,1": [0, 1, "c1"]}}
/* The precision chosen by a typedef (real), a plane stride in a const local, the cell's index
 * a const int. */
typedef double real;
void heat3d(int n, int nt, real c0, real c1, real *restrict u, real *restrict v) {
  const int nn = n * n;
  for (int t = 0; t < nt; t++) {
    for (int k = 1; k < n - 1; k++)
      for (int j = 1; j < n - 1; j++)
        for (int i = 1; i < n - 1; i++) {
          const int c = k * nn + j * n + i;
          v[c] = c0 * u[c] + c1 * (u[c - 1] + u[c + 1] + u[c - n] + u[c + n] + u[c - nn] + u[c + nn]);
        }
    real *s = u; u = v; v = s;
  }
}
