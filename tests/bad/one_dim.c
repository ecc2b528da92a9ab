// expect: 3:3: error: found 2 nested loops; need a time loop and 2 or 3 spatial loops
void f(int n, int steps, float A[2][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t + 1) % 2][i] = 0.5f * A[t % 2][i - 1] + 0.5f * A[t % 2][i + 1];
}
