// expect: {"dims": 3, "extents": [64, 64, 64], "radius": [1, 1, 1], "shape": "star", "npoints": 6, "coefs": {"0,0,-1": 0.16666666666666666, "1,0,0": 0.16666666666666666}, "time_form": "pointer swap"}
/* A benchmark harness: malloc'd flat grids, initialisation and a CPU timer (CLOCK_MONOTONIC_RAW)
 * in main around a #pragma scop region; the 3D Jacobi average of the six neighbours. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define NX 64
#define NY 64
#define NZ 64

int main(void) {
  double *a = malloc(sizeof(double) * NX * NY * NZ), *b = malloc(sizeof(double) * NX * NY * NZ);
  struct timespec t0, t1;
  for (int z = 0; z < NZ; z++)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        a[(z * NY + y) * NX + x] = b[(z * NY + y) * NX + x] = x + y + z;
  clock_gettime(CLOCK_MONOTONIC_RAW, &t0);
#pragma scop
  for (int t = 0; t < 100; t++) {
    for (int z = 1; z < NZ - 1; z++)
      for (int y = 1; y < NY - 1; y++)
        for (int x = 1; x < NX - 1; x++)
          b[(z * NY + y) * NX + x] = (a[(z * NY + y) * NX + x - 1] + a[(z * NY + y) * NX + x + 1] +
                                      a[(z * NY + y - 1) * NX + x] + a[(z * NY + y + 1) * NX + x] +
                                      a[((z - 1) * NY + y) * NX + x] + a[((z + 1) * NY + y) * NX + x]) / 6.0;
    double *tmp = a;
    a = b;
    b = tmp;
  }
#pragma endscop
  clock_gettime(CLOCK_MONOTONIC_RAW, &t1);
  printf("%f s %f\n", (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec), a[NX * NY + NX + 1]);
  free(a);
  free(b);
  return 0;
}
