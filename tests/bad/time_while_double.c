// expect: 5:10: error: the loop counts 'time' in floating point; stencilc counts time steps and cells in integers
// hint: count the steps in an integer
/* A while loop on physical time, advanced by dt at the end of each step. */
void heat1d(int n, double tend, double dt, double r, double *u, double *un) {
  double time = 0.0;
  while (time < tend) {
    for (int i = 1; i < n - 1; i++)
      un[i] = u[i] + r * (u[i + 1] - 2.0 * u[i] + u[i - 1]);
    for (int i = 1; i < n - 1; i++)
      u[i] = un[i];
    time += dt;
  }
}
