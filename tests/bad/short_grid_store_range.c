// expect: 7:14: error: stores an int that may be outside the range of 'short' (C leaves that conversion to the implementation)
/* A short grid storing the sum of two neighbours: it may exceed short's range, where C leaves
 * the conversion to the implementation. */
void f(int n, int steps, short *restrict a, short *restrict b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = a[i - 1] + a[i + 1];
    short *tmp = a; a = b; b = tmp;
  }
}
