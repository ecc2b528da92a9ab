/* Inviscid Burgers' equation, first-order upwind for u > 0, as the CFD Python course's step 2
 * writes it: the old level copied into un first (all cells), then u updated from un in place
 * of the swap; the nonlinear term un[i] * dt / dx. */
void burgers(int nx, int nt, double dt, double dx, double *u, double *un) {
  for (int n = 0; n < nt; n++) {
    for (int i = 0; i < nx; i++) un[i] = u[i];
    for (int i = 1; i < nx; i++)
      u[i] = un[i] - un[i] * dt / dx * (un[i] - un[i - 1]);
  }
}
