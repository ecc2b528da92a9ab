/* Heat flow through a composite plate: a conductivity grid (a smoothed copper strip in steel) read
 * at the centre and at offsets in the non-conservative form k lap u + grad k . grad u, r = dt / h^2
 * a run-time parameter of the solver,
 * fixed-temperature edges; two time levels in one array. Prints the heat content and a profile.
 * run: 36 44 57
 * cuda-backend: naive
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void conduct(int nx, int ny, int steps, double r, double u[2][ny][nx], const double k[ny][nx]) {
  for (int t = 0; t < steps; t++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++) {
        /* div(k grad u) = k lap u + grad k . grad u, central differences */
        double lap = u[t % 2][y][x - 1] + u[t % 2][y][x + 1] + u[t % 2][y - 1][x] + u[t % 2][y + 1][x]
                   - 4.0 * u[t % 2][y][x];
        double dkdx = 0.5 * (k[y][x + 1] - k[y][x - 1]), dkdy = 0.5 * (k[y + 1][x] - k[y - 1][x]);
        double dudx = 0.5 * (u[t % 2][y][x + 1] - u[t % 2][y][x - 1]);
        double dudy = 0.5 * (u[t % 2][y + 1][x] - u[t % 2][y - 1][x]);
        u[(t + 1) % 2][y][x] = u[t % 2][y][x] + r * (k[y][x] * lap + dkdx * dudx + dkdy * dudy);
      }
}

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  int nx = atoi(argv[1]), ny = atoi(argv[2]), steps = atoi(argv[3]);
  double (*u)[ny][nx] = malloc(sizeof(double[2][ny][nx]));
  double (*k)[nx] = malloc(sizeof(double[ny][nx]));
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++) {
      k[y][x] = 0.12 + 0.88 * exp(-0.02 * (x - 0.4 * nx) * (x - 0.4 * nx)); /* W/(m K), scaled */
      u[0][y][x] = u[1][y][x] = y == 0 ? 100.0 : x == 0 ? 40.0 : 20.0;
    }
  conduct(nx, ny, steps, 0.24, u, (const double (*)[nx])k);
  double heat = 0;
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++) heat += u[steps % 2][y][x];
  printf("heat %.6f\nprofile", heat);
  for (int y = 0; y < ny; y += 5) printf(" %.6f", u[steps % 2][y][nx / 2 - 2]);
  printf("\nold level %.6f\n", u[(steps + 1) % 2][ny / 2][nx / 2]);
  free(u);
  free(k);
  return 0;
}
