// expect: {"dims": 2, "extents": ["n", "n"], "radius": [1, 1], "npoints": 4, "coefs": {"-1,0": 0.25, "1,0": 0.25, "0,-1": 0.25, "0,1": 0.25}, "time_form": "time levels"}
/* A time loop from 1 while t < nt - 1 (a textbook's step count), pointer-to-VLA parameter. */
void jacobi(int n, int nt, double (*A)[n][n]) {
  for (int t = 1; t < nt - 1; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = 0.25 * (A[t % 2][i - 1][j] + A[t % 2][i + 1][j] + A[t % 2][i][j - 1] + A[t % 2][i][j + 1]);
}
