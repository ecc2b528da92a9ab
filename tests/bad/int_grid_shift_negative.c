// expect: 7:14: error: shifts right an int that may be negative (C leaves the result to the implementation)
/* A Laplacian of an int field halved with a shift: the difference may be negative, where C
 * leaves >> to the implementation. */
void lap(int n, int steps, int *restrict a, int *restrict b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = a[i] + ((a[i - 1] - 2 * a[i] + a[i + 1]) >> 2);
    int *tmp = a; a = b; b = tmp;
  }
}
