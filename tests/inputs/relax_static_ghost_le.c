// expect: {"dims": 2, "dtype": "float", "extents": [50, 50], "steps": 30, "halo_lo": [1, 1], "halo_hi": [1, 1], "npoints": 4, "coefs": {"-1,0": 0.25, "1,0": 0.25, "0,-1": 0.25, "0,1": 0.25}, "time_form": "copy-back"}
#include <stdio.h>
#define N 48
#define ITERS 30
/* Static global grids with one ghost cell on each side (N + 2), swept 1 <= i <= N. */
static float a[N + 2][N + 2];
static float b[N + 2][N + 2];

static void relax(void) {
  for (int it = 0; it < ITERS; it++) {
    for (int i = 1; i <= N; i++)
      for (int j = 1; j <= N; j++)
        b[i][j] = 0.25f * (a[i-1][j] + a[i+1][j] + a[i][j-1] + a[i][j+1]);
    for (int i = 1; i <= N; i++)
      for (int j = 1; j <= N; j++)
        a[i][j] = b[i][j];
  }
}

int main(void) {
  for (int j = 0; j < N + 2; j++) a[0][j] = 1.0f;
  relax();
  printf("%f\n", a[N / 2][N / 2]);
  return 0;
}
