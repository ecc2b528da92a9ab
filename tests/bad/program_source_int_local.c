// expect: 9:5: error: 'm', which a point source reads, is computed in the time loop in a form stencilc does not take for a source's value
// hint: compute a point source's value after the stages in float or double locals
/* The source's value from an int local of the time loop's counter: stencilc reads float or
 * double locals and the counter itself (double t = (n + 1) * dt;). */
#include <math.h>
void fdtd(int nsteps, int nx, int ny, int ic, int jc, double dt, double ez[nx][ny], double hx[nx][ny]) {
  for (int n = 0; n < nsteps; n++) {
    for (int i = 1; i < nx; i++) for (int j = 1; j < ny; j++) ez[i][j] += 0.5 * (hx[i][j] - hx[i][j-1]);
    int m = n + 1;
    ez[ic][jc] = sin(m * dt);
    for (int i = 0; i < nx - 1; i++) for (int j = 0; j < ny - 1; j++) hx[i][j] -= 0.5 * (ez[i][j+1] - ez[i][j]);
  }
}
