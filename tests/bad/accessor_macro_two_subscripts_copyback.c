// expect: 11:9: error: the macro 'B(i, j)' expands to an access of several subscripts with arithmetic in them (b[(i) + 1][(j) + 1]), which stencilc cannot read
// hint: write the subscripts out (b[i + 1][j + 1]), or let the macro index a flat array: #define B(i, j) b[(i) * ld + (j)]
/* The same accessor macros, with a copy-back nest (read as a stencil program). */
/* An accessor macro over a 2D array whose subscripts shift by the halo. */
#define A(i, j) a[(i) + 1][(j) + 1]
#define B(i, j) b[(i) + 1][(j) + 1]
void f(int n, int steps, double a[n + 2][n + 2], double b[n + 2][n + 2]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        B(i, j) = 0.25 * (A(i - 1, j) + A(i + 1, j) + A(i, j - 1) + A(i, j + 1));
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        A(i, j) = B(i, j);
  }
}
