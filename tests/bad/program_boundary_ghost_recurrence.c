// expect: 10:7: error: the boundary loop reads 'u' at a cell that another of its iterations writes: its result would depend on the order of the iterations
/* Ghost cells filled one from the next (un[R - 1 - g] = un[R - g]): iteration g = 1 reads the
 * cell g = 0 writes, a recurrence, refused (u[R - 1 - g] = u[R + g], a mirror, is taken). */
#define R 2
void wave(int n, int nt, double c, double *u, double *un) {
  for (int it = 0; it < nt; it++) {
    for (int i = R; i < n - R; i++)
      un[i] = u[i] + c * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
    for (int g = 0; g < R; g++)
      un[R - 1 - g] = un[R - g];
    double *tmp = u;
    u = un;
    un = tmp;
  }
}
