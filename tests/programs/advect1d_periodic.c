/* 1D linear advection, first-order upwind, on a periodic domain: cells 0 and n - 1 are ghost
 * copies of n - 2 and 1, refreshed after the sweep; the levels swapped by pointer. */
void advect(int n, int nt, float c, float *u, float *un) {
  for (int it = 0; it < nt; it++) {
    for (int i = 1; i < n - 1; i++)
      un[i] = u[i] - c * (u[i] - u[i - 1]);
    un[0] = un[n - 2];
    un[n - 1] = un[1];
    float *tmp = u;
    u = un;
    un = tmp;
  }
}
