// expect: 7:14: error: the values grow from step to step without a bound that keeps int's arithmetic from overflowing
/* An int grid whose update doubles the values each step: after enough steps the int sums
 * overflow, which C leaves undefined. */
void grow(int n, int steps, int *restrict a, int *restrict b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = a[i - 1] + a[i + 1];
    int *tmp = a; a = b; b = tmp;
  }
}
