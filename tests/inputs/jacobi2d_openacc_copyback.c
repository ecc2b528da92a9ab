// expect: {"dims": 2, "dtype": "float", "extents": ["n", "m"], "radius": [1, 1], "npoints": 4, "offsets": ["-1,0", "1,0", "0,-1", "0,1"], "coefs": {"-1,0": 0.25, "0,1": 0.25}, "time_form": "copy-back"}
/* OpenACC: a data region around the time loop, parallel loop collapse(2) present(...) on the
 * sweep, the copy-back loop also offloaded. */
void jacobi_acc(int n, int m, int iter_max, float *restrict A, float *restrict Anew)
{
#pragma acc data copy(A[0:n*m]) create(Anew[0:n*m])
  for (int iter = 0; iter < iter_max; iter++) {
#pragma acc parallel loop collapse(2) present(A, Anew)
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < m - 1; i++)
        Anew[j * m + i] = 0.25f * (A[j * m + i + 1] + A[j * m + i - 1] + A[(j - 1) * m + i] + A[(j + 1) * m + i]);
#pragma acc parallel loop collapse(2) present(A, Anew)
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < m - 1; i++)
        A[j * m + i] = Anew[j * m + i];
  }
}
