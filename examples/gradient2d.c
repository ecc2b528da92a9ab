/* gradient2d: c*f + 1/sqrt(c0 + squared differences to the 4 neighbours), non-linear (AN5D, Table 3; Rawat, Table 1) */
#include <math.h>

#define RAD 1
#define GC 0.11f
#define GC0 1.03f

void gradient2d(int n, int steps, float A[2][n][n]) {
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = RAD; i < n - RAD; i++) {
      for (int j = RAD; j < n - RAD; j++) {
        A[(t + 1) % 2][i][j] = GC * A[t % 2][i][j] + 1.0f / sqrtf(GC0 + (A[t % 2][i][j] - A[t % 2][i - 1][j]) * (A[t % 2][i][j] - A[t % 2][i - 1][j])
                                                      + (A[t % 2][i][j] - A[t % 2][i + 1][j]) * (A[t % 2][i][j] - A[t % 2][i + 1][j])
                                                      + (A[t % 2][i][j] - A[t % 2][i][j - 1]) * (A[t % 2][i][j] - A[t % 2][i][j - 1])
                                                      + (A[t % 2][i][j] - A[t % 2][i][j + 1]) * (A[t % 2][i][j] - A[t % 2][i][j + 1]));
      }
    }
  }
#pragma endscop
}
