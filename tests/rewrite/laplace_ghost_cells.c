/* Jacobi iterations for Laplace's equation written Fortran style: an nx by ny interior with one
 * ghost cell around it (arrays of (ny + 2) x (nx + 2) doubles on the heap, the boundary held at
 * fixed values), the interior swept 1..ny by 1..nx with <=, the new values copied back; prints a
 * few cells and the sum.
 * run: 23 17 5
 * run: 30 41 8
 * cuda-backend: naive
 */
#include <stdio.h>
#include <stdlib.h>

static void laplace(int nx, int ny, int iters, double a[ny + 2][nx + 2], double anew[ny + 2][nx + 2]) {
  int i, j, it;
  for (it = 0; it < iters; it++) {
    for (i = 1; i <= ny; i++)
      for (j = 1; j <= nx; j++)
        anew[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
    for (i = 1; i <= ny; i++)
      for (j = 1; j <= nx; j++)
        a[i][j] = anew[i][j];
  }
}

int main(int argc, char **argv) {
  if (argc != 4) return 1;
  int nx = atoi(argv[1]), ny = atoi(argv[2]), iters = atoi(argv[3]);
  double (*a)[nx + 2] = malloc(sizeof(double) * (size_t)(ny + 2) * (size_t)(nx + 2));
  double (*anew)[nx + 2] = malloc(sizeof(double) * (size_t)(ny + 2) * (size_t)(nx + 2));
  for (int i = 0; i < ny + 2; i++)
    for (int j = 0; j < nx + 2; j++) {
      a[i][j] = i == 0 ? 1.0 : j == nx + 1 ? 0.5 : (double)((i * 7 + j * 3) % 11) / 11.0;
      anew[i][j] = a[i][j];
    }
  laplace(nx, ny, iters, a, anew);
  double sum = 0.0;
  for (int i = 0; i < ny + 2; i++)
    for (int j = 0; j < nx + 2; j++) sum += a[i][j];
  printf("a[1][1] %.10f a[%d][%d] %.10f\n", a[1][1], ny / 2, nx / 2, a[ny / 2][nx / 2]);
  printf("sum %.10f\n", sum);
  free(a);
  free(anew);
  return 0;
}
