// expect: 18:9: error: several statements in a loop body
// hint: a single stencil assigns one cell per iteration; several statements per cell are read as a stencil program (README, "Stencil programs"), in which each one assigns a cell of a grid: compute a residual or a sum over the cells in a loop of its own, outside the time loop
/* NAS MG's resid as the reference code writes it: per row, sums of face and edge neighbours are
 * first stored in 1D temporaries over i1, then combined; the temporaries are no grid stencilc
 * can read. */
#define M 1037
void resid(int n1, int n2, int n3, int nit, double u[n3][n2][n1], double v[n3][n2][n1],
           double r[n3][n2][n1], const double a[4])
{
  double u1[M], u2[M];
  for (int it = 0; it < nit; it++) {
    for (int i3 = 1; i3 < n3 - 1; i3++)
      for (int i2 = 1; i2 < n2 - 1; i2++) {
        for (int i1 = 0; i1 < n1; i1++) {
          u1[i1] = u[i3][i2 - 1][i1] + u[i3][i2 + 1][i1] + u[i3 - 1][i2][i1] + u[i3 + 1][i2][i1];
          u2[i1] = u[i3 - 1][i2 - 1][i1] + u[i3 - 1][i2 + 1][i1] + u[i3 + 1][i2 - 1][i1] + u[i3 + 1][i2 + 1][i1];
        }
        for (int i1 = 1; i1 < n1 - 1; i1++)
          r[i3][i2][i1] = v[i3][i2][i1] - a[0] * u[i3][i2][i1]
            - a[2] * (u2[i1] + u1[i1 - 1] + u1[i1 + 1])
            - a[3] * (u2[i1 - 1] + u2[i1 + 1]);
      }
  }
}
