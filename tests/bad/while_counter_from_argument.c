// expect: 5:3: error: the time counter 't' is not set just before the loop, in the same block
// hint: count the steps from a constant: t = 0; while (t < nt) { <sweep>; <swap>; t++; } or int t = 0; do { <sweep>; <swap>; } while (++t < nt);
/* The counter is a parameter: where it starts is not known. */
void heat1d(int n, int t, int nt, double *u, double *un) {
  while (t < nt) {
    for (int i = 1; i < n - 1; i++)
      un[i] = u[i] + 0.25 * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
    double *tmp = u; u = un; un = tmp;
    t++;
  }
}
