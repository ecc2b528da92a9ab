// expect: 7:29: error: converts a value known at run time only to an integer
/* A pixel quantised to an integer inside the update: integer conversion of grid values is
 * outside what a stencil computes. */
void f(int n, int steps, float *restrict a, float *restrict b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = 0.5f * (float)((int)a[i - 1] + a[i + 1]);
    float *tmp = a; a = b; b = tmp;
  }
}
