// expect: 7:32: error: call to 'smooth', which is not defined in this file
float smooth(float x);
void f(int n, int steps, float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = smooth(A[t % 2][i][j - 1]) + 0.5f * A[t % 2][i][j];
}
