// expect: 3:36: error: weight array 'W' is not an array of float or double
/* Integer weights are refused: the program fills the weights with fractions. */
void f(int n, int steps, const int W[2], float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = W[0] * A[t % 2][i][j - 1] + W[1] * A[t % 2][i][j];
}
