// expect: 9:3: error: statement in the #pragma scop region beside the time loop
void f(int n, int steps, float A[2][n][n]) {
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = 0.5f * A[t % 2][i][j - 1] + 0.5f * A[t % 2][i][j];
  /* the result is copied somewhere: not part of the stencil */
  A[0][0][0] = A[steps % 2][1][1];
#pragma endscop
}
