// expect: 13:43: error: '++' in a print in the time loop changes a variable
/* A progress print whose argument increments a grid cell (u[0][0]++): printing it would change
 * the grid the next step reads. */
#include <stdio.h>
void heat(int n, int nt, double u[n][n], double v[n][n]) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[i][j] = v[i][j];
    if (t % 10 == 0) printf("%d %g\n", t, u[0][0]++);
  }
}
