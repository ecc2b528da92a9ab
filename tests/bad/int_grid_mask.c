// expect: 7:33: error: reads the integer array 'mask' as a grid (at the cell's loop variables)
/* A mask of integers read per cell: a second grid, of integers, which a stencil does not
 * read. */
void f(int n, int steps, const int *mask, float *restrict a, float *restrict b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = 0.5f * (a[i - 1] + mask[i] * a[i + 1]);
    float *tmp = a; a = b; b = tmp;
  }
}
