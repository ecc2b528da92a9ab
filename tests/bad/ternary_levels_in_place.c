// expect: 7:13: error: 'unew' and 'uold', picked by the step's parity, both hold 'a' at the first step: the sweep would update it in place
// hint: pick the two grids by the step's parity, the one read and the other written: double *src = (t % 2 == 0) ? u : v; double *dst = (t % 2 == 0) ? v : u;
/* The written grid's test is the read one's negated and its choices swapped too: both pointers
 * name a at even steps and b at odd ones. */
void relax(int n, int nt, double *a, double *b) {
  for (int t = 0; t < nt; t++) {
    double *uold = (t % 2 == 0) ? a : b;
    double *unew = (t % 2 != 0) ? b : a;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        unew[i * n + j] = 0.25 * (uold[(i - 1) * n + j] + uold[(i + 1) * n + j] +
                                  uold[i * n + j - 1] + uold[i * n + j + 1]);
  }
}
