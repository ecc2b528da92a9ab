/* The textbook 1D wave equation on three arrays: after the update the levels are shifted by
 * copying, uold = u then u = unew, in one loop over every cell. */
void wave(int n, int nt, double c2, double *uold, double *u, double *unew) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      unew[i] = 2.0 * u[i] - uold[i] + c2 * (u[i + 1] - 2.0 * u[i] + u[i - 1]);
    for (int i = 0; i < n; i++) {
      uold[i] = u[i];
      u[i] = unew[i];
    }
  }
}
