/* A 3D heat code on Numerical Recipes' f3tensor layout (0-based): one block of elements, one of
 * row pointers into it, and the plane pointers into those; the step written as a function whose
 * grids are swapped in the caller's loop. Prints the sum of both tensors and a probe.
 * run: 10 12 14 3
 * run: 10 12 14 6
 */
#include <stdio.h>
#include <stdlib.h>

static double ***f3tensor(int nx, int ny, int nz) {
  double ***t = malloc((size_t)nx * sizeof(double **));
  t[0] = malloc((size_t)nx * (size_t)ny * sizeof(double *));
  t[0][0] = malloc((size_t)nx * (size_t)ny * (size_t)nz * sizeof(double));
  for (int j = 1; j < ny; j++) t[0][j] = t[0][j - 1] + nz;
  for (int i = 1; i < nx; i++) {
    t[i] = t[i - 1] + ny;
    t[i][0] = t[i - 1][0] + ny * nz;
    for (int j = 1; j < ny; j++) t[i][j] = t[i][j - 1] + nz;
  }
  return t;
}

static void free_f3tensor(double ***t) {
  free(t[0][0]);
  free(t[0]);
  free(t);
}

int main(int argc, char **argv) {
  int nx = atoi(argv[1]), ny = atoi(argv[2]), nz = atoi(argv[3]), nsteps = atoi(argv[4]);
  double ***T = f3tensor(nx, ny, nz), ***Tn = f3tensor(nx, ny, nz);
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++)
      for (int k = 0; k < nz; k++) {
        T[i][j][k] = k == 0 ? 1.0 : (double)((i + 2 * j + 3 * k) % 5) / 4.0;
        Tn[i][j][k] = T[i][j][k];
      }
  const double alpha = 0.1;
  for (int n = 0; n < nsteps; n++) {
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        for (int k = 1; k < nz - 1; k++)
          Tn[i][j][k] = T[i][j][k] + alpha * (T[i + 1][j][k] + T[i - 1][j][k] + T[i][j + 1][k] +
                                              T[i][j - 1][k] + T[i][j][k + 1] + T[i][j][k - 1] -
                                              6.0 * T[i][j][k]);
    double ***tmp = T;
    T = Tn;
    Tn = tmp;
  }
  double s = 0, sn = 0;
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++)
      for (int k = 0; k < nz; k++) s += T[i][j][k], sn += Tn[i][j][k];
  printf("sum %.9f %.9f probe %.9f\n", s, sn, T[nx / 2][ny / 3][nz / 4]);
  free_f3tensor(T);
  free_f3tensor(Tn);
  return 0;
}
