/* 2D heat conduction with a conductivity map: the solver works on two buffers behind local
 * pointers swapped after each step and returns the pointer to the newest level, as many codes
 * do; the step count comes from the command line. main prints a checksum of the result and of
 * each of its two buffers, so that a wrong buffer parity shows.
 * run: 7
 * run: 8
 * run: 0
 */
#include <stdio.h>
#include <stdlib.h>

#define NY 66
#define NX 51

static float *solve(int nt, float r, float *a, float *b, const float *kappa) {
  float *u = a, *unew = b;
  for (int t = 0; t < nt; t++) {
    for (int y = 1; y < NY - 1; y++)
      for (int x = 1; x < NX - 1; x++)
        unew[y * NX + x] = u[y * NX + x] + r * kappa[y * NX + x] *
                           (u[(y - 1) * NX + x] + u[(y + 1) * NX + x] + u[y * NX + x - 1] +
                            u[y * NX + x + 1] - 4.0f * u[y * NX + x]);
    float *tmp = u;
    u = unew;
    unew = tmp;
  }
  return u;
}

static double checksum(const float *g, int ny, int nx) {
  double s = 0;
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++) s += (double)g[y * nx + x] * (1 + (y * 7 + x) % 5);
  return s;
}

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  int ny = NY, nx = NX, nt = atoi(argv[1]);
  float *a = malloc(sizeof(float) * ny * nx), *b = malloc(sizeof(float) * ny * nx);
  float *kappa = malloc(sizeof(float) * ny * nx);
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++) {
      a[y * nx + x] = (x > nx / 3 && x < nx / 2 && y > ny / 4) ? 100.0f : 0.0f;
      b[y * nx + x] = -1.0f; /* the other buffer's halo differs: it must stay as the loop leaves it */
      kappa[y * nx + x] = x < nx / 2 ? 1.0f : 0.25f;
    }
  float *res = solve(nt, 0.2f, a, b, kappa);
  printf("steps %d result in %s\n", nt, res == a ? "a" : "b");
  printf("result %.6e a %.6e b %.6e\n", checksum(res, ny, nx), checksum(a, ny, nx), checksum(b, ny, nx));
  free(a);
  free(b);
  free(kappa);
  return 0;
}
