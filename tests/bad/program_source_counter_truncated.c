// expect: 9:34: error: converts a value known at run time only to an integer
// hint: keep the value in floating point
/* A source value truncating a time computed from the counter to an integer: C's truncation of
 * (int)(n * dt), which stencilc does not compute; the value in floating point is taken. */
#include <math.h>
void fdtd(int nsteps, int nx, int ny, int ic, int jc, double dt, double ez[nx][ny], double hx[nx][ny]) {
  for (int n = 0; n < nsteps; n++) {
    for (int i = 1; i < nx; i++) for (int j = 1; j < ny; j++) ez[i][j] += 0.5 * (hx[i][j] - hx[i][j-1]);
    ez[ic][jc] = sin(0.5 * (int)(n * dt));
    for (int i = 0; i < nx - 1; i++) for (int j = 0; j < ny - 1; j++) hx[i][j] -= 0.5 * (ez[i][j+1] - ez[i][j]);
  }
}
