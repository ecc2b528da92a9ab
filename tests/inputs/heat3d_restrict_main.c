// expect: {"dims": 3, "extents": [34, 34, 34], "radius": [1, 1, 1], "shape": "star", "npoints": 7, "coefs": {"0,0,0": 0.7, "0,0,1": 0.05, "-1,0,0": 0.05}, "time_form": "pointer swap"}
/* A small heat3d benchmark: restrict pointers to constant-size planes, malloc'd, a comparison
 * against a reference loop after the scop region. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#define L 34
int main(void) {
  double (*restrict u)[L][L] = malloc(sizeof(double[L][L][L]));
  double (*restrict v)[L][L] = malloc(sizeof(double[L][L][L]));
  double (*ref)[L][L] = malloc(sizeof(double[L][L][L]));
  for (int i = 0; i < L; i++)
    for (int j = 0; j < L; j++)
      for (int k = 0; k < L; k++) u[i][j][k] = v[i][j][k] = ref[i][j][k] = (i * 7 + j * 3 + k) % 11;
#pragma scop
  for (int t = 0; t < 20; t++) {
    for (int i = 1; i < L - 1; i++)
      for (int j = 1; j < L - 1; j++)
        for (int k = 1; k < L - 1; k++)
          v[i][j][k] = 0.7 * u[i][j][k] + 0.05 * (u[i - 1][j][k] + u[i + 1][j][k] + u[i][j - 1][k] +
                                                  u[i][j + 1][k] + u[i][j][k - 1] + u[i][j][k + 1]);
    double (*w)[L][L] = u;
    u = v;
    v = w;
  }
#pragma endscop
  double err = fabs(u[L / 2][L / 2][L / 2] - ref[L / 2][L / 2][L / 2]);
  printf("%g\n", err);
  return 0;
}
