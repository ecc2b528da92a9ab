// expect: {"dims": 2, "dtype": "double", "extents": ["n", "n"], "npoints": 4, "coefs": {"-1,0": 0.25, "1,0": 0.25, "0,-1": 0.25, "0,1": 0.25}, "time_form": "copy-back"}
/* OpenMP offload: a target data region around the time loop, each nest a target teams
 * distribute parallel for collapse(2). */
void jacobi(int n, int nt, double *restrict a, double *restrict b) {
#pragma omp target data map(tofrom: a[0:n*n]) map(alloc: b[0:n*n])
  for (int t = 0; t < nt; t++) {
#pragma omp target teams distribute parallel for collapse(2)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = 0.25 * (a[(i - 1) * n + j] + a[(i + 1) * n + j] + a[i * n + j - 1] + a[i * n + j + 1]);
#pragma omp target teams distribute parallel for collapse(2)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        a[i * n + j] = b[i * n + j];
  }
}
