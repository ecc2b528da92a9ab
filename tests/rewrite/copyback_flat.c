/* A 2D diffusion code in the style of teaching codes: flattened row-major arrays u and unew on
 * the heap, unew computed from u, then copied back into u; a rectangular grid; prints the
 * total heat, the values along the middle row and a probe of unew.
 * run: 41 57 9
 */
#include <stdio.h>
#include <stdlib.h>

static void diffuse(int nx, int ny, int nsteps, double *u, double *unew) {
  const double r = 0.21;
  for (int step = 0; step < nsteps; step++) {
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        unew[i * ny + j] = (1 - 4 * r) * u[i * ny + j] +
                           r * (u[(i - 1) * ny + j] + u[(i + 1) * ny + j] + u[i * ny + j - 1] +
                                u[i * ny + j + 1]);
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++) u[i * ny + j] = unew[i * ny + j];
  }
}

int main(int argc, char **argv) {
  int nx = atoi(argv[1]), ny = atoi(argv[2]), steps = atoi(argv[3]);
  double *u = calloc((size_t)nx * ny, sizeof *u), *unew = calloc((size_t)nx * ny, sizeof *unew);
  for (int j = 0; j < ny; j++) u[j] = 50.0; /* hot wall; unew's halo stays 0 */
  u[(nx / 2) * ny + ny / 2] = 400.0;
  diffuse(nx, ny, steps, u, unew);
  double total = 0;
  for (int i = 0; i < nx * ny; i++) total += u[i];
  printf("total %.9f\n", total);
  for (int j = 0; j < ny; j += 8) printf("u[mid][%d] = %.9f\n", j, u[(nx / 2) * ny + j]);
  printf("unew probe %.9f halo %.1f\n", unew[3 * ny + 4], unew[0]);
  return 0;
}
