/* A 2D heat code of the kind many courses hand out: the read and written grids picked at the top
 * of each step by an if on the step's parity into two pointers declared before the time loop,
 * which the code goes on using after it (the last step's result is in `next`). Prints the sum of
 * the result, a probe of it and of both grids.
 * run: 30 27 4
 * run: 30 27 7
 * run: 18 33 1
 */
#include <stdio.h>
#include <stdlib.h>

static double heat(int nx, int ny, int nsteps, double alpha, double *a, double *b) {
  double *prev = a, *next = b;
  for (int step = 0; step < nsteps; step++) {
    if (step % 2 == 0) {
      prev = a;
      next = b;
    } else {
      prev = b;
      next = a;
    }
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        next[i * ny + j] = prev[i * ny + j] +
                           alpha * (prev[(i - 1) * ny + j] + prev[(i + 1) * ny + j] +
                                    prev[i * ny + j - 1] + prev[i * ny + j + 1] - 4.0 * prev[i * ny + j]);
  }
  double sum = 0;
  for (int c = 0; c < nx * ny; c++) sum += next[c];
  printf("probe %.9f\n", next[(nx / 2) * ny + ny / 3]);
  return sum;
}

int main(int argc, char **argv) {
  int nx = atoi(argv[1]), ny = atoi(argv[2]), nsteps = atoi(argv[3]);
  double *a = malloc(sizeof(double) * nx * ny), *b = malloc(sizeof(double) * nx * ny);
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++) {
      int wall = i == 0 || j == 0 || i == nx - 1 || j == ny - 1;
      a[i * ny + j] = wall ? 50.0 : (double)((i * 5 + j * 3) % 13);
      b[i * ny + j] = wall ? 50.0 : 0.0;
    }
  printf("sum %.9f\n", heat(nx, ny, nsteps, 0.2, a, b));
  printf("a %.9f b %.9f\n", a[(nx / 3) * ny + ny / 2], b[(nx / 3) * ny + ny / 2]);
  free(a);
  free(b);
  return 0;
}
