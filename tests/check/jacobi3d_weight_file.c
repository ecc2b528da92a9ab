/* A 3D weighted Jacobi smoother whose weight is read from a parameter file before the iterations
 * (fscanf into a float declared without a value, its address given to the call once); grids
 * of #define'd size, the new one copied back after each sweep. */
#include <stdio.h>
#define N 26
static float a[N][N][N], b[N][N][N];

int main(void) {
  float w;
  FILE *f = fopen("jacobi3d.in", "r");
  if (!f || fscanf(f, "%f", &w) != 1) return 1;
  fclose(f);
  for (int it = 0; it < 20; it++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        for (int k = 1; k < N - 1; k++)
          b[i][j][k] = (1.0f - 6.0f * w) * a[i][j][k] +
                       w * (a[i - 1][j][k] + a[i + 1][j][k] + a[i][j - 1][k] + a[i][j + 1][k] +
                            a[i][j][k - 1] + a[i][j][k + 1]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        for (int k = 1; k < N - 1; k++) a[i][j][k] = b[i][j][k];
  }
  printf("%f\n", a[N / 2][N / 2][N / 2]);
  return 0;
}
