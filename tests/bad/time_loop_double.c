// expect: 6:8: error: the loop counts 'time' in floating point; stencilc counts time steps and cells in integers
// hint: count the steps in an integer: int nsteps = (int)ceil(tend / dt);
/* The time loop counts physical time in a double: how often it runs depends on how the sums
 * of dt round. */
void heat1d(int n, double tend, double dt, double r, double *u, double *un) {
  for (double time = 0.0; time < tend; time += dt) {
    for (int i = 1; i < n - 1; i++)
      un[i] = u[i] + r * (u[i + 1] - 2.0 * u[i] + u[i - 1]);
    for (int i = 1; i < n - 1; i++)
      u[i] = un[i];
  }
}
