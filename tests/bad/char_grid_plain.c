// expect: 6:7: error: grid 'b' has element type char
/* A grid of plain char, whose signedness the implementation chooses. */
void f(int n, int steps, char *restrict a, char *restrict b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = (a[i - 1] + a[i + 1]) / 2;
    char *tmp = a; a = b; b = tmp;
  }
}
