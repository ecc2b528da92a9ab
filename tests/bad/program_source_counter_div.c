// expect: 9:28: error: integer operator '/' on a value known at run time only
// hint: convert the counter to floating first
/* A source value of the counter's integer division: C truncates n / 2, which stencilc does not
 * compute; (double)n / 2 or a floating expression is taken. */
#include <math.h>
void fdtd(int nsteps, int nx, int ny, int ic, int jc, double dt, double ez[nx][ny], double hx[nx][ny]) {
  for (int n = 0; n < nsteps; n++) {
    for (int i = 1; i < nx; i++) for (int j = 1; j < ny; j++) ez[i][j] += 0.5 * (hx[i][j] - hx[i][j-1]);
    ez[ic][jc] = sin(dt * (n / 2));
    for (int i = 0; i < nx - 1; i++) for (int j = 0; j < ny - 1; j++) hx[i][j] -= 0.5 * (ez[i][j+1] - ez[i][j]);
  }
}
