// expect: {"dims": 2, "dtype": "double", "extents": [128, 128], "radius": [1, 1], "shape": "star", "npoints": 4, "coefs": {"-1,0": 0.25, "1,0": 0.25, "0,-1": 0.25, "0,1": 0.25}, "time_form": "copy-back"}
// check: -t 4
/* The size a static const int (not a constant expression in C: the parameters are VLAs).*/
static const int N = 128;
void sweep(int iters, double A[N][N], double B[N][N])
{
  for (int it = 0; it < iters; it++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = 0.25 * (A[i-1][j] + A[i+1][j] + A[i][j-1] + A[i][j+1]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = B[i][j];
  }
}
