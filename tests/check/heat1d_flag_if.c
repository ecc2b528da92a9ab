/* A 1D rod whose two buffers alternate through a flag flipped at the end of each step, the
 * pick written as an if on the flag. */
void rod(int n, int steps, double r, double *x, double *y) {
  int flip = 0;
  double *old, *cur;
  for (int s = 0; s < steps; s++) {
    if (!flip) { old = x; cur = y; }
    else { old = y; cur = x; }
    for (int i = 1; i < n - 1; i++)
      cur[i] = old[i] + r * (old[i - 1] - 2.0 * old[i] + old[i + 1]);
    flip = !flip;
  }
}
