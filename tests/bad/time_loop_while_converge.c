// expect: 7:3: error: the loop nest is inside a while loop that does not count time steps
// hint: count the steps: for (int t = 0; t < nt; t++) { <sweep> }, or t = 0; while (t < nt) { <sweep>; t++; }, or do { <sweep> } while (++t < nt);
/* Jacobi iterated until it converges: the number of steps is not known before the loop. */
#include <math.h>
void solve(int n, double tol, double *u, double *un) {
  double diff = 2 * tol;
  while (diff > tol) {
    for (int i = 1; i < n - 1; i++)
      un[i] = 0.5 * (u[i - 1] + u[i + 1]);
    diff = fabs(un[n / 2] - u[n / 2]);
    double *tmp = u;
    u = un;
    un = tmp;
  }
}
