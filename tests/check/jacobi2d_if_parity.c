/* Jacobi on two flat grids, the one read and the one written picked each step by an if on the
 * step's parity (no pointer swap), the pointers declared in the time loop. */
void jacobi2d(int n, int nsteps, double *a, double *b) {
  for (int t = 0; t < nsteps; t++) {
    double *src, *dst;
    if (t % 2 == 0) {
      src = a;
      dst = b;
    } else {
      src = b;
      dst = a;
    }
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        dst[i * n + j] = 0.25 * (src[(i - 1) * n + j] + src[(i + 1) * n + j] +
                                 src[i * n + j - 1] + src[i * n + j + 1]);
  }
}
