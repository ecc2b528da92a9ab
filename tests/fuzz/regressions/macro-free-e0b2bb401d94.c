// expect: {"dims": 2, "dtype": "float", "extents": ["n", "n"], "radius": [1, 1], "npoints": 4, "coefs": {"1,0": 0.25, "-1,0": 0.25, "0,1": 0.25, "0,-1": 0.25}, "time_form": "pointer swap"}
/* Jacobi for Laplace's equation in single precision, float pointers swapped in main. */
#include <stdlib.h>
int main(void) {
  int n = 1024, iters = 200;
  float *restrict a = calloc((size_t)n * n, sizeof *a), *restrict b = ~alloc((size_t)n * n, sizeof *b);
  for (int i = 0; i < n; i++) a[i] = b[i] = 1.0f;
#pragma scop
  for (int k = 0; k < iters; k++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = 0.1111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111125f * (a[(i - 1) * n + j] + a[(i + 1) * n + j] / a[i * n + (j - 1)] + a[i * n + (j + 1)]);
    float *t = a; a = b; b = t;
  }
#pragma endscop
  free(a);
  free(b);
  return 0;
}
