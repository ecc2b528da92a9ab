/* Jacobi for the Poisson equation -lap u = f with an accessor macro over a padded flat array
 * and a right-hand side array f read at the centre. */
#define U(i, j) u[(i) * (nx + 2) + (j)]
#define UN(i, j) un[(i) * (nx + 2) + (j)]
#define F(i, j) f[(i) * (nx + 2) + (j)]

void poisson(int nx, int ny, int iters, double h, double *u, double *un, const double *f)
{
  for (int it = 0; it < iters; it++) {
    for (int i = 1; i <= ny; i++)
      for (int j = 1; j <= nx; j++)
        UN(i, j) = 0.25 * (U(i - 1, j) + U(i + 1, j) + U(i, j - 1) + U(i, j + 1) + h * h * F(i, j));
    double *t = u; u = un; un = t;
  }
}
