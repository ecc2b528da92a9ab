// expect: 9:18: error: pow in a point source's value takes a whole constant exponent from 1 to 4
// hint: write the power as a product
/* pow of the time with a fractional exponent in a source's value: stencilc takes whole powers
 * (Sullivan's pow(x, 2.0)) as products only. */
#include <math.h>
void fdtd(int nsteps, int nx, int ny, int ic, int jc, double dt, double ez[nx][ny], double hx[nx][ny]) {
  for (int n = 0; n < nsteps; n++) {
    for (int i = 1; i < nx; i++) for (int j = 1; j < ny; j++) ez[i][j] += 0.5 * (hx[i][j] - hx[i][j-1]);
    ez[ic][jc] = pow(n * dt, 1.5);
    for (int i = 0; i < nx - 1; i++) for (int j = 0; j < ny - 1; j++) hx[i][j] -= 0.5 * (ez[i][j+1] - ez[i][j]);
  }
}
