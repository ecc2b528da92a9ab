/* A 3D solver in the style of mini-apps: double grids behind pointers swapped at the end of each
 * step, sizes in a struct-free argument list, an odd step count; prints the L2 norm and the
 * maximum of the grid the pointer `cur` designates after the run.
 * run: 22 9
 * cuda-backend: naive
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double *run(int nz, int ny, int nx, int nt, double *cur, double *next) {
  for (int t = 0; t < nt; t++) {
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          next[(z * ny + y) * nx + x] =
              0.5 * cur[(z * ny + y) * nx + x] +
              0.1 * (cur[(z * ny + y) * nx + x - 1] + cur[(z * ny + y) * nx + x + 1]) +
              0.075 * (cur[(z * ny + y - 1) * nx + x] + cur[(z * ny + y + 1) * nx + x]) +
              0.075 * (cur[((z - 1) * ny + y) * nx + x] + cur[((z + 1) * ny + y) * nx + x]);
    double *swap = cur;
    cur = next;
    next = swap;
  }
  return cur;
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), nt = atoi(argv[2]);
  size_t cells = (size_t)n * n * (n + 3);
  double *a = malloc(cells * sizeof *a), *b = malloc(cells * sizeof *b);
  for (size_t i = 0; i < cells; i++) a[i] = b[i] = sin(0.01 * (double)i);
  double *res = run(n, n, n + 3, nt, a, b);
  double l2 = 0, mx = 0;
  for (size_t i = 0; i < cells; i++) l2 += res[i] * res[i], mx = fmax(mx, fabs(res[i]));
  printf("result in %s\nl2 %.10f\nmax %.10f\n", res == a ? "a" : "b", sqrt(l2), mx);
  free(a);
  free(b);
  return 0;
}
