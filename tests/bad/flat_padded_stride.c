// expect: 6:9: error: the stride 'n + 2' of 'b' along 'i' is not a size (a name or a constant)
void f(int n, int steps, double *a, double *b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i <= n; i++)
      for (int j = 1; j <= n; j++)
        b[i * (n + 2) + j] = 0.5 * (a[i * (n + 2) + j - 1] + a[i * (n + 2) + j + 1]);
    double *tmp = a; a = b; b = tmp;
  }
}
