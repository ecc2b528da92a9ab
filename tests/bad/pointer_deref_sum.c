// expect: 8:32: error: a grid read or written through a dereferenced pointer (*(a + i * n + j)); stencilc reads grids through subscripts
// hint: write the subscript: a[i * n + j]
/* Older C: the neighbours read through dereferenced pointer sums. */
void jacobi(int n, int nt, double *a, double *b) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = 0.25 * (*(a + (i - 1) * n + j) + *(a + (i + 1) * n + j) + *(a + i * n + j - 1) + *(a + i * n + j + 1));
    double *s = a; a = b; b = s;
  }
}
