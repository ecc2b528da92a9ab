// expect: 8:5: error: the assignments after the sweep do not swap 'a' and 'b'
void f(int n, int steps, double *a, double *b, double *c) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = 0.25 * (a[(i - 1) * n + j] + a[(i + 1) * n + j] + a[i * n + j - 1] + a[i * n + j + 1]);
    double *tmp;
    tmp = a;
    a = c;
    c = tmp;
  }
}
