// expect: 8:18: error: 'i' is a counter of the loops over the grid: a coefficient computed from the cell's position is not taken
// hint: compute the values into an array before the time loop, one per position along th
/* A source term that depends on the position, sin(x) with x = i * dx, in a 1D heat step. */
#include <math.h>
void heat_src(int n, int nt, double dt, double dx, double *u, double *un) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++) {
      double x = i * dx;
      un[i] = u[i] + dt * (u[i - 1] - 2.0 * u[i] + u[i + 1]) / (dx * dx) + dt * sin(x);
    }
    double *tmp = u; u = un; un = tmp;
  }
}
