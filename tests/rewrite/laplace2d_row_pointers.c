/* A 2D Laplace relaxation on row-pointer matrices, double **, in the C adaptation of Numerical
 * Recipes' dmatrix: one block for the elements, m[0] = malloc(nr * nc), and m[i] = m[0] + i * nc
 * (the block layout, which the library steps), or, with the argument "rows", a malloc per row as
 * many student codes do (the rewritten program then runs the loop as written). The two grids are
 * swapped after each sweep. Prints the grid's sum and two probes.
 * run: 34 29 4 block
 * run: 34 29 7 block
 * run: 21 40 5 rows
 * run: 21 40 1 block
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double **dmatrix(int nr, int nc, int separate_rows) {
  double **m = malloc((size_t)nr * sizeof(double *));
  if (separate_rows) {
    for (int i = 0; i < nr; i++) m[i] = malloc((size_t)nc * sizeof(double));
  } else {
    m[0] = malloc((size_t)nr * (size_t)nc * sizeof(double));
    for (int i = 1; i < nr; i++) m[i] = m[i - 1] + nc;
  }
  return m;
}

static void free_dmatrix(double **m, int nr, int separate_rows) {
  if (separate_rows)
    for (int i = 0; i < nr; i++) free(m[i]);
  else
    free(m[0]);
  free(m);
}

static void relax(int nx, int ny, int iters, double **u, double **unew) {
  for (int it = 0; it < iters; it++) {
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    double **tmp = u;
    u = unew;
    unew = tmp;
  }
}

int main(int argc, char **argv) {
  int nx = atoi(argv[1]), ny = atoi(argv[2]), iters = atoi(argv[3]);
  int separate = argc > 4 && !strcmp(argv[4], "rows");
  double **u = dmatrix(nx, ny, separate), **unew = dmatrix(nx, ny, separate);
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++) {
      u[i][j] = i == 0 ? 100.0 : (double)((i * 7 + j * 5) % 9);
      unew[i][j] = i == 0 ? 100.0 : 0.0;
    }
  relax(nx, ny, iters, u, unew);
  double su = 0, sv = 0;
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++) su += u[i][j], sv += unew[i][j];
  printf("sum u %.9f unew %.9f\n", su, sv);
  printf("probe %.9f %.9f\n", u[nx / 2][ny / 3], unew[nx / 3][ny / 2]);
  free_dmatrix(u, nx, separate);
  free_dmatrix(unew, nx, separate);
  return 0;
}
