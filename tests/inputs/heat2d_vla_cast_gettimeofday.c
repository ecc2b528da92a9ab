// expect: {"dims": 2, "dtype": "double", "extents": ["n", "n"], "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.5, "1,0": 0.125, "-1,0": 0.125, "0,1": 0.125, "0,-1": 0.125}, "time_form": "pointer swap"}
/* A harness with gettimeofday (struct timezone) and VLA pointer casts of malloc'd buffers. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 512, steps = argc > 2 ? atoi(argv[2]) : 100;
  double (*u)[n] = (double (*)[n])malloc(sizeof(double) * n * n);
  double (*v)[n] = (double (*)[n])malloc(sizeof(double) * n * n);
  struct timeval start, end;
  struct timezone tz;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) u[i][j] = v[i][j] = (i == n / 2 && j == n / 2) ? 1.0 : 0.0;
  gettimeofday(&start, &tz);
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        v[i][j] = 0.5 * u[i][j] + 0.125 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    double (*tmp)[n] = u;
    u = v;
    v = tmp;
  }
#pragma endscop
  gettimeofday(&end, &tz);
  printf("%g s\n", (end.tv_sec - start.tv_sec) + 1e-6 * (end.tv_usec - start.tv_usec));
  free(u);
  free(v);
  return 0;
}
