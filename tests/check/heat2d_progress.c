/* A textbook explicit heat solver: 5-point update, pointers swapped each step, a progress line
 * every `report` steps with the centre temperature, and a line on stderr for verbose runs before
 * the sweep, as solvers report what they do. */
#include <stdio.h>

void heat(int n, int nsteps, int report, int verbose, double alpha, double *u, double *unew) {
  for (int step = 0; step < nsteps; step++) {
    if (verbose && step % report == 0) fprintf(stderr, "heat: step %d of %d\n", step, nsteps);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        unew[i * n + j] = u[i * n + j] + alpha * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                                  u[i * n + j - 1] + u[i * n + j + 1] -
                                                  4.0 * u[i * n + j]);
    double *tmp = u;
    u = unew;
    unew = tmp;
    if (step % report == 0 || step == nsteps - 1) {
      printf("step %5d  T(centre) = %.6f", step, u[(n / 2) * n + n / 2]);
      fflush(stdout);
    }
  }
}
