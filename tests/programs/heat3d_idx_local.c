/* Heat flow in 3D with a diffusivity grid, on flat double grids of #define'd sizes: the cell's
 * index computed first into a local (size_t, as for grids above 2^31 cells) and the neighbours
 * read at offsets from it; buffers swapped by pointer. */
#include <stddef.h>

#define NZ 14
#define NY 12
#define NX 16

void heat3d_idx_local(int steps, double *restrict u, double *restrict unew,
                      const double *restrict kappa) {
  for (int t = 0; t < steps; t++) {
    for (int k = 1; k < NZ - 1; k++)
      for (int j = 1; j < NY - 1; j++)
        for (int i = 1; i < NX - 1; i++) {
          const size_t c = ((size_t)k * NY + j) * NX + i;
          const size_t plane = NX * NY;
          unew[c] = u[c] + kappa[c] * (u[c - 1] + u[c + 1] + u[c - NX] + u[c + NX] +
                                       u[c - plane] + u[c + plane] - 6.0 * u[c]);
        }
    double *tmp = u;
    u = unew;
    unew = tmp;
  }
}
