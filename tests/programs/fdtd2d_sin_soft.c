/* 2D TM FDTD driven by a soft sinusoidal source, ez[ic][jc] += sin(2 * M_PI * freq * n * dt),
 * the cell given by int parameters (double VLAs of run-time sizes). */
#include <math.h>
void fdtd(int nsteps, int nx, int ny, int ic, int jc, double dt, double freq, double ez[nx][ny],
          double hx[nx][ny], double hy[nx][ny]) {
  for (int n = 0; n < nsteps; n++) {
    for (int i = 1; i < nx; i++)
      for (int j = 1; j < ny; j++)
        ez[i][j] = ez[i][j] + 0.5 * (hy[i][j] - hy[i-1][j] - hx[i][j] + hx[i][j-1]);
    ez[ic][jc] += sin(2 * M_PI * freq * n * dt);
    for (int i = 0; i < nx - 1; i++)
      for (int j = 0; j < ny - 1; j++) {
        hx[i][j] = hx[i][j] - 0.5 * (ez[i][j+1] - ez[i][j]);
        hy[i][j] = hy[i][j] + 0.5 * (ez[i+1][j] - ez[i][j]);
      }
  }
}
