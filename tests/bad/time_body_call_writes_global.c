// expect: 21:5: error: 'probe', called in the time loop, writes a global variable (line 9), which may change the grids
/* A "probe" function called in the time loop that takes no grid pointer but counts into and
 * clamps a cell of the global grid: it changes what the next step reads. */
#include <stdio.h>
#define N 64
static double u[N][N], v[N][N];

static void probe(int t) {
  if (u[N / 2][N / 2] > 1.0) u[N / 2][N / 2] = 1.0;
  printf("%d %g\n", t, u[N / 2][N / 2]);
}

void heat(int nt) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        u[i][j] = v[i][j];
    probe(t);
  }
}
