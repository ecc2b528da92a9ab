/* Upwind weights picked once from the velocity's sign before the time loop
 * (cp = c > 0 ? c : 0), the update reading both sides. */
void advect(int n, int nt, double c, double *restrict u, double *restrict un) {
  const double cp = c > 0.0 ? c : 0.0;
  const double cm = c < 0.0 ? c : 0.0;
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      un[i] = u[i] - cp * (u[i] - u[i - 1]) - cm * (u[i + 1] - u[i]);
    double *tmp = u; u = un; un = tmp;
  }
}
