/* 1D heat in a rod whose ends are held at fixed temperatures, set on the current level at the
 * top of each step, then the sweep and a copy-back loop. */
void rod(int n, int nt, double r, double tl, double tr, double *T, double *Tn) {
  for (int t = 0; t < nt; t++) {
    T[0] = tl;
    T[n - 1] = tr;
    for (int i = 1; i < n - 1; i++)
      Tn[i] = T[i] + r * (T[i - 1] - 2.0 * T[i] + T[i + 1]);
    for (int i = 1; i < n - 1; i++) T[i] = Tn[i];
  }
}
