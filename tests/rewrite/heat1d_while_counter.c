/* 1D explicit heat with the time loop written as a while loop over a counter declared at the top
 * and set just before it, the coefficient computed from the parameters; prints the counter after
 * the loop, a checksum and the middle cell.
 * run: 101 7
 * run: 64 10
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = atoi(argv[1]), nt = atoi(argv[2]);
  int t;
  double *u = malloc(n * sizeof *u), *un = malloc(n * sizeof *un), *tmp;
  for (int i = 0; i < n; i++) u[i] = un[i] = (i % 7) * 0.5 + (i == n / 2 ? 10.0 : 0.0);
  double alpha = 0.8, dt = 0.1, dx = 0.5;
  double r = alpha * dt / (dx * dx);
  t = 0;
  while (t < nt) {
    for (int i = 1; i < n - 1; i++)
      un[i] = u[i] + r * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
    tmp = u;
    u = un;
    un = tmp;
    t++;
  }
  double sum = 0;
  for (int i = 0; i < n; i++) sum += u[i];
  printf("t %d\nsum %.9f\nmid %.9f\n", t, sum, u[n / 2]);
  free(u);
  free(un);
  return 0;
}
