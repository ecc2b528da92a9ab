/* heat3d_var: 3D heat equation with a diffusivity grid read at the centre only,
 * u' = u + alpha(x) dt/h^2 * (sum of the six neighbours - 6 u); float, pointer-swapped buffers. */
#include <stddef.h>

#define IDX(i, j, k) (((size_t)(i) * NY + (j)) * NX + (k))
#define NZ 258
#define NY 258
#define NX 258

void heat3d_var(int steps, float *restrict u, float *restrict unew, const float *restrict alpha) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < NZ - 1; i++)
      for (int j = 1; j < NY - 1; j++)
        for (int k = 1; k < NX - 1; k++)
          unew[IDX(i, j, k)] = u[IDX(i, j, k)]
              + alpha[IDX(i, j, k)] * (u[IDX(i - 1, j, k)] + u[IDX(i + 1, j, k)] + u[IDX(i, j - 1, k)]
                                       + u[IDX(i, j + 1, k)] + u[IDX(i, j, k - 1)] + u[IDX(i, j, k + 1)]
                                       - 6.0f * u[IDX(i, j, k)]);
    float *tmp = u;
    u = unew;
    unew = tmp;
  }
}
