// expect: 10:26: error: along axis 0 the boundary loop runs over 'g', but this subscript is not 'g' or '-g' plus a constant, from the grid's start or its extent n: every access of a boundary loop follows its counter along the counter's axis
/* A ghost layer read at twice the counter (un[n - 2 * g - 2]): refused, a boundary loop's
 * accesses follow its counter (g or -g plus a constant, from either end of the grid). */
#define R 2
void wave(int n, int nt, double c, double *u, double *un) {
  for (int it = 0; it < nt; it++) {
    for (int i = R; i < n - R; i++)
      un[i] = u[i] + c * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
    for (int g = 0; g < R; g++)
      un[n - 1 - g] = un[n - 2 * g - 2];
    double *tmp = u;
    u = un;
    un = tmp;
  }
}
