// expect: 3:38: error: weight array 'W' holds more than 4096 values
/* More weights than CUDA constant memory holds in double (4096). */
void f(int n, int steps, const float W[65][64], float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = W[0][0] * A[t % 2][i][j - 1] + W[64][63] * A[t % 2][i][j];
}
