/* The explicit 2D heat equation as a course's main writes it: the grid size, the step count,
 * the diffusivity and the time step from the command line, the mesh width computed from the
 * size and r = alpha dt / dx^2 from those locals before the time loop (no parameter of any
 * function); flat arrays swapped by pointer; prints a checksum and the centre.
 * run: 48 30 1.0 0.0001
 * run: 33 17 0.5 0.0003
 * cuda-backend: n5d
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc < 5) return 2;
  int n = atoi(argv[1]), nt = atoi(argv[2]);
  double alpha = atof(argv[3]);
  double dt = atof(argv[4]);
  double dx = 1.0 / (n - 1);
  const double r = alpha * dt / (dx * dx);
  double *u = malloc((size_t)n * n * sizeof *u), *un = malloc((size_t)n * n * sizeof *un);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      u[i * n + j] = un[i * n + j] = (i == 0 ? 100.0 : 0.0) + ((i * 7 + j * 3) % 11) * 0.25;
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        un[i * n + j] = u[i * n + j] + r * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                            u[i * n + j - 1] + u[i * n + j + 1] - 4.0 * u[i * n + j]);
    double *tmp = u;
    u = un;
    un = tmp;
  }
  double sum = 0;
  for (int i = 0; i < n * n; i++) sum += u[i];
  printf("r %.6f\nsum %.9f\ncentre %.9f\n", r, sum, u[(n / 2) * n + n / 2]);
  free(u);
  free(un);
  return 0;
}
