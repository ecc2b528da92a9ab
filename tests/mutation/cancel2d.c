/* cancel2d: a stencil whose terms cancel: gain 199.55 while the smallest term is 0.05 (issue 11:
 * a kernel that drops it must fail verification) */
#define RAD 1

void cancel2d(int n, int steps, float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = RAD; i < n - RAD; i++)
      for (int j = RAD; j < n - RAD; j++)
        A[(t + 1) % 2][i][j] = 100.0f * A[t % 2][i][j] - 99.5f * A[t % 2][i - 1][j] + 0.05f * A[t % 2][i][j + 1];
}
