/* Smoothing along rows with two time levels in one array, printing the step every tenth step
 * (was refused as a statement beside the sweep; a print changes nothing). */
#include <stdio.h>
void f(int n, int steps, double A[2][n][n]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = 0.5 * (A[t % 2][i][j - 1] + A[t % 2][i][j + 1]);
    if (t % 10 == 0)
    printf("step %d\n", t);
  }
}
