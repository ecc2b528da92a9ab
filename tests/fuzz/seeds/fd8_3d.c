/* 8th-order Laplacian on a flattened 3D grid, coefficients from a header */
#include <stdlib.h>
#include "stencil_coefs.h"
#include "timer.h"

void lap8(int nx, int ny, int nz, int nt, real_t *restrict u0, real_t *restrict u1) {
  real_t (*u)[nx][ny][nz] = (real_t (*)[nx][ny][nz])u0;
  (void)u1;
  for (int t = 0; t < nt; t++)
    for (int i = 4; i < nx - 4; i++)
      for (int j = 4; j < ny - 4; j++)
        for (int k = 4; k < nz - 4; k++)
          u[(t + 1) % 2][i][j][k] = 3 * FD8_C0 * u[t % 2][i][j][k]
              + FD8_C1 * (u[t % 2][i - 1][j][k] + u[t % 2][i + 1][j][k] + u[t % 2][i][j - 1][k] + u[t % 2][i][j + 1][k] + u[t % 2][i][j][k - 1] + u[t % 2][i][j][k + 1])
              + FD8_C2 * (u[t % 2][i - 2][j][k] + u[t % 2][i + 2][j][k] + u[t % 2][i][j - 2][k] + u[t % 2][i][j + 2][k] + u[t % 2][i][j][k - 2] + u[t % 2][i][j][k + 2])
              + FD8_C3 * (u[t % 2][i - 3][j][k] + u[t % 2][i + 3][j][k] + u[t % 2][i][j - 3][k] + u[t % 2][i][j + 3][k] + u[t % 2][i][j][k - 3] + u[t % 2][i][j][k + 3])
              + FD8_C4 * (u[t % 2][i - 4][j][k] + u[t % 2][i + 4][j][k] + u[t % 2][i][j - 4][k] + u[t % 2][i][j + 4][k] + u[t % 2][i][j][k - 4] + u[t % 2][i][j][k + 4]);
}
