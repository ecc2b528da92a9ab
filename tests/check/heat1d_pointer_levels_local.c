/* A 1D heat code keeping its two levels in a local array of two pointers set from the
 * arguments, read as u[t % 2] and written as u[(t + 1) % 2]. */
void heat1d(int nx, int nt, double alpha, double *u0, double *u1) {
  double *u[2] = {u0, u1};
  for (int t = 0; t < nt; t++)
    for (int i = 1; i < nx - 1; i++)
      u[(t + 1) % 2][i] = u[t % 2][i] + alpha * (u[t % 2][i - 1] - 2 * u[t % 2][i] + u[t % 2][i + 1]);
}
