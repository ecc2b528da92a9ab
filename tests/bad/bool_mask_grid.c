// expect: 9:32: error: reads the _Bool array 'mask' at the cell (a mask)
// hint: declare the mask as a float or double array holding 0 and 1
/* A mask grid of bool selecting the cells that are updated. */
#include <stdbool.h>
void relax(int n, int steps, const bool mask[n][n], float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = mask[i][j] * 0.25f * (A[t % 2][i - 1][j] + A[t % 2][i + 1][j] +
                                                     A[t % 2][i][j - 1] + A[t % 2][i][j + 1]);
}
