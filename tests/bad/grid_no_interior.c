// expect: 4:5: error: grid size 4 leaves no interior along axis 0
void f(int steps, float A[2][4][64]) {
  for (int t = 0; t < steps; t++)
    for (int i = 2; i < 4 - 2; i++)
      for (int j = 1; j < 64 - 1; j++)
        A[(t + 1) % 2][i][j] = 0.5f * A[t % 2][i][j - 1] + 0.5f * A[t % 2][i][j];
}
