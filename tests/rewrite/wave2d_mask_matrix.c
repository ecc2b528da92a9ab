/* A 2D acoustic mini-app whose spatial operator is a 3x3 mask the caller builds (the isotropic
 * nine-point Laplacian over 6 h^2, or the five-point one with --five) and passes to the
 * propagator as double mask[3][3], read as mask[di + 1][dj + 1]; a velocity model in a grid,
 * three wavefields rotated by pointer, a Gaussian initial pulse. Prints the energy of the
 * wavefields and a trace through the centre.
 * run: 40 33 25
 * run: 31 45 18 five
 * stencilc: --function propagate
 * cuda-backend: naive
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void propagate(int nx, int ny, int nt, double mask[3][3], const double *vel2,
                      double *um, double *u, double *up) {
  for (int n = 0; n < nt; n++) {
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++) {
        double lap = 0.0;
        for (int di = -1; di <= 1; di++)
          for (int dj = -1; dj <= 1; dj++)
            lap += mask[di + 1][dj + 1] * u[(i + di) * ny + j + dj];
        up[i * ny + j] = 2.0 * u[i * ny + j] - um[i * ny + j] + vel2[i * ny + j] * lap;
      }
    double *tmp = um;
    um = u;
    u = up;
    up = tmp;
  }
}

int main(int argc, char **argv) {
  int nx = argc > 1 ? atoi(argv[1]) : 40, ny = argc > 2 ? atoi(argv[2]) : 33;
  int nt = argc > 3 ? atoi(argv[3]) : 25;
  int five = argc > 4 && !strcmp(argv[4], "five");
  double h = 10.0, dt = 1e-3, mask[3][3];
  for (int a = 0; a < 3; a++)
    for (int b = 0; b < 3; b++) {
      int corner = a != 1 && b != 1, centre = a == 1 && b == 1;
      mask[a][b] = five ? (centre ? -4.0 : corner ? 0.0 : 1.0) / (h * h)
                        : (centre ? -20.0 : corner ? 1.0 : 4.0) / (6.0 * h * h);
    }
  size_t cells = (size_t)nx * ny;
  double *vel2 = malloc(cells * sizeof *vel2), *um = calloc(cells, sizeof *um);
  double *u = calloc(cells, sizeof *u), *up = calloc(cells, sizeof *up);
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++) {
      double c = i < nx / 2 ? 1500.0 : 2500.0, x = i - nx / 2.0, y = j - ny / 3.0;
      vel2[i * ny + j] = c * c * dt * dt;
      u[i * ny + j] = um[i * ny + j] = exp(-(x * x + y * y) / 8.0);
    }
  propagate(nx, ny, nt, mask, vel2, um, u, up);
  double e[3] = {0, 0, 0};
  for (size_t c = 0; c < cells; c++) {
    e[0] += um[c] * um[c];
    e[1] += u[c] * u[c];
    e[2] += up[c] * up[c];
  }
  printf("energy %.10e %.10e %.10e\n", e[0], e[1], e[2]);
  for (int i = 0; i < nx; i += nx / 6) printf("trace %d %.10e\n", i, u[i * ny + ny / 2]);
  free(vel2); free(um); free(u); free(up);
  return 0;
}
