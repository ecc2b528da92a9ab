/* The 1D wave equation (a string or a 1D acoustic model), second order in time: three time
 * levels in one array, t - 1 written (t + 2) % 3, and a velocity grid (c^2 dt^2 / h^2). */
void wave1d(int n, int nt, double u[3][n], const double c2[n]) {
  for (int t = 0; t < nt; t++)
    for (int i = 1; i < n - 1; i++)
      u[(t + 1) % 3][i] = 2.0 * u[t % 3][i] - u[(t + 2) % 3][i] +
                          c2[i] * (u[t % 3][i - 1] - 2.0 * u[t % 3][i] + u[t % 3][i + 1]);
}
