// expect: {"dims": 3, "dtype": "double", "extents": ["n3", "n2", "n1"], "radius": [1, 1, 1], "shape": "box", "coefs": {"0,0,0": -2.6666666666666665, "0,1,1": 0.16666666666666666, "-1,0,1": 0.16666666666666666, "1,1,-1": 0.08333333333333333, "-1,-1,-1": 0.08333333333333333}, "time_form": "copy-back"}
/* A NAS MG style 27-point operator: coefficients a[0..3] grouped by distance from the centre
 * (centre, 6 faces, 12 edges, 8 corners), 3D arrays indexed u[i3][i2][i1]. */
void psinv_like(int n3, int n2, int n1, int nit, double u[n3][n2][n1], double r[n3][n2][n1])
{
  const double a[4] = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};
  for (int it = 0; it < nit; it++) {
    for (int i3 = 1; i3 < n3 - 1; i3++)
      for (int i2 = 1; i2 < n2 - 1; i2++)
        for (int i1 = 1; i1 < n1 - 1; i1++)
          r[i3][i2][i1] = a[0] * u[i3][i2][i1]
            + a[1] * (u[i3][i2][i1 - 1] + u[i3][i2][i1 + 1] + u[i3][i2 - 1][i1] + u[i3][i2 + 1][i1]
                      + u[i3 - 1][i2][i1] + u[i3 + 1][i2][i1])
            + a[2] * (u[i3][i2 - 1][i1 - 1] + u[i3][i2 - 1][i1 + 1] + u[i3][i2 + 1][i1 - 1] + u[i3][i2 + 1][i1 + 1]
                      + u[i3 - 1][i2][i1 - 1] + u[i3 - 1][i2][i1 + 1] + u[i3 + 1][i2][i1 - 1] + u[i3 + 1][i2][i1 + 1]
                      + u[i3 - 1][i2 - 1][i1] + u[i3 - 1][i2 + 1][i1] + u[i3 + 1][i2 - 1][i1] + u[i3 + 1][i2 + 1][i1])
            + a[3] * (u[i3 - 1][i2 - 1][i1 - 1] + u[i3 - 1][i2 - 1][i1 + 1] + u[i3 - 1][i2 + 1][i1 - 1] + u[i3 - 1][i2 + 1][i1 + 1]
                      + u[i3 + 1][i2 - 1][i1 - 1] + u[i3 + 1][i2 - 1][i1 + 1] + u[i3 + 1][i2 + 1][i1 - 1] + u[i3 + 1][i2 + 1][i1 + 1]);
    for (int i3 = 1; i3 < n3 - 1; i3++)
      for (int i2 = 1; i2 < n2 - 1; i2++)
        for (int i1 = 1; i1 < n1 - 1; i1++)
          u[i3][i2][i1] = r[i3][i2][i1];
  }
}
