// expect: 7:9: error: the sweep writes 'b' from 'a', but nothing carries 'b' back to 'a' for the next step
/* Every step recomputes b from the same a: not a time-iterated stencil. */
void f(int n, int steps, double *a, double *b) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = 0.25 * (a[(i - 1) * n + j] + a[(i + 1) * n + j] + a[i * n + j - 1] + a[i * n + j + 1]);
}
