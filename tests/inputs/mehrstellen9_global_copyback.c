// expect: {"dims": 2, "dtype": "double", "extents": [200, 200], "radius": [1, 1], "shape": "box", "npoints": 9, "time_form": "copy-back", "scalars": {"dt": {"kind": "parameter"}, "h": {"kind": "parameter"}, "k": {"kind": "derived"}}, "scoefs": {"0,0": [1, -20, "k"], "0,1": [0, 4, "k"], "-1,0": [0, 4, "k"], "1,1": [0, 1, "k"], "-1,1": [0, 1, "k"]}}
/* The 9-point Mehrstellen Laplacian (4 faces, 1 corners, -20 centre, over 6 h^2), forward Euler. */
#define NX 200
#define NY 200
double u[NY][NX], un[NY][NX];
void mehrstellen(int nt, double dt, double h)
{
  const double k = dt / (6.0 * h * h);
  for (int t = 0; t < nt; t++) {
    for (int j = 1; j < NY - 1; j++)
      for (int i = 1; i < NX - 1; i++)
        un[j][i] = u[j][i] + k * (4.0 * (u[j][i - 1] + u[j][i + 1] + u[j - 1][i] + u[j + 1][i])
                                  + u[j - 1][i - 1] + u[j - 1][i + 1] + u[j + 1][i - 1] + u[j + 1][i + 1]
                                  - 20.0 * u[j][i]);
    for (int j = 1; j < NY - 1; j++)
      for (int i = 1; i < NX - 1; i++)
        u[j][i] = un[j][i];
  }
}
