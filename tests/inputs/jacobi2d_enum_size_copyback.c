// expect: {"dims": 2, "dtype": "float", "extents": [512, 512], "radius": [1, 1], "shape": "star", "npoints": 4, "coefs": {"-1,0": 0.25, "0,1": 0.25}, "time_form": "copy-back"}
// check: -t 3
/* Sizes from an enum constant, global arrays, copy-back. */
enum { N = 512 };
static float A[N][N], B[N][N];
void sweep(int iters)
{
  for (int it = 0; it < iters; it++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = 0.25f * (A[i-1][j] + A[i+1][j] + A[i][j-1] + A[i][j+1]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = B[i][j];
  }
}
