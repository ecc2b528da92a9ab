/* A 2D acoustic wave program (a stencil program: two fields, a velocity grid) written in C89
 * style, as legacy seismic and textbook codes are: the step counter, both spatial counters and
 * the rotation's temporary declared at the top, before the time loop, and read after it. Three
 * levels rotate through pointers (um: t - 1, u: t, up: t + 1). The loops leave iz = nz - 1 and
 * ix = nx - 1, the temporary holding what `up` holds after the last rotation; the solver prints
 * them (which buffer tmp aliases, not its address) with the energy, so a rewrite that leaves
 * them as before the loop prints other lines. With 0 steps nothing is assigned.
 * run: 30 26 7
 * run: 30 26 8
 * run: 25 31 9
 * run: 25 31 1
 */
#include <stdio.h>
#include <stdlib.h>

static void propagate(int nz, int nx, int nt, double (*um)[nx], double (*u)[nx], double (*up)[nx],
                      const double (*v2)[nx], double *const bufs[3]) {
  int it, iz, ix;
  double (*tmp)[nx];
  iz = ix = -7;
  tmp = NULL;
  for (it = 1; it < nt; it++) {
    for (iz = 1; iz < nz - 1; iz++)
      for (ix = 1; ix < nx - 1; ix++)
        up[iz][ix] = 2.0 * u[iz][ix] - um[iz][ix] +
                     v2[iz][ix] * (u[iz - 1][ix] + u[iz + 1][ix] + u[iz][ix - 1] + u[iz][ix + 1] -
                                   4.0 * u[iz][ix]);
    tmp = um;
    um = u;
    u = up;
    up = tmp;
  }
  double e = 0;
  for (int z = 0; z < nz; z++)
    for (int x = 0; x < nx; x++) e += u[z][x] * u[z][x];
  int which = -1, at = -1;
  for (int b = 0; b < 3; b++) {
    if ((double *)tmp == bufs[b]) which = b;
    if ((double *)up == bufs[b]) at = b;
  }
  printf("it %d iz %d ix %d tmp %d up %d energy %.8e\n", it, iz, ix, which, at, e);
}

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  int nz = atoi(argv[1]), nx = atoi(argv[2]), nt = atoi(argv[3]);
  double *g[3], *v2 = malloc(sizeof(double) * (size_t)nz * (size_t)nx);
  for (int b = 0; b < 3; b++) g[b] = malloc(sizeof(double) * (size_t)nz * (size_t)nx);
  for (int k = 0; k < nz * nx; k++) {
    g[0][k] = 0.01 * ((k * 5) % 13);
    g[1][k] = 0.01 * ((k * 3) % 11);
    g[2][k] = 0;
    v2[k] = 0.05 + 0.01 * (k % 7);
  }
  propagate(nz, nx, nt, (double (*)[nx])g[0], (double (*)[nx])g[1], (double (*)[nx])g[2],
            (const double (*)[nx])v2, g);
  return 0;
}
