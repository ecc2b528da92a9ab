/* A textbook explicit heat solver as a complete program: a hot square in a cold plate, the
 * 5-point update with pointers swapped each step, a line on stderr for verbose runs before the
 * sweep, a progress line with the centre temperature every `report` steps after the swap, and
 * the final checksum. Odd and even step counts and reports (which pointer a chunk ends on).
 * run: 40 37 5 0
 * run: 33 20 4 1
 * run: 24 7 10 0
 */
#include <stdio.h>
#include <stdlib.h>

static void heat(int n, int nsteps, int report, int verbose, double alpha, double *u,
                 double *unew) {
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
    if (step % report == 0 || step == nsteps - 1)
      printf("step %5d  T(centre) = %.8f  T(edge) = %.8f\n", step, u[(n / 2) * n + n / 2],
             u[(n / 2) * n + 1]);
  }
}

int main(int argc, char **argv) {
  if (argc < 5) return 2;
  int n = atoi(argv[1]), nsteps = atoi(argv[2]), report = atoi(argv[3]), verbose = atoi(argv[4]);
  double *u = calloc((size_t)n * n, sizeof *u), *v = calloc((size_t)n * n, sizeof *v);
  for (int i = n / 3; i < 2 * n / 3; i++)
    for (int j = n / 3; j < 2 * n / 3; j++) u[i * n + j] = v[i * n + j] = 1.0;
  heat(n, nsteps, report, verbose, 0.2, u, v);
  double sum_u = 0, sum_v = 0;
  for (int c = 0; c < n * n; c++) {
    sum_u += u[c];
    sum_v += v[c];
  }
  printf("checksum u %.10f v %.10f\n", sum_u, sum_v);
  free(u);
  free(v);
  return 0;
}
