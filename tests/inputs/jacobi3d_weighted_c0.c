// expect: {"dims": 3, "associative": true, "npoints": 7, "shape": "star", "scalars": {"omega": {"kind": "parameter", "type": "double", "default": 1}}, "scoefs": {"0,0,0": [1, -1, "omega"], "1,0,0": [0, 0.16666666666666666, "omega"], "0,0,-1": [0, 0.16666666666666666, "omega"]}}
/* Weighted (damped) Jacobi sweep for the 3D Poisson problem with a zero right-hand side, as in a
 * multigrid smoother: u_new = (1 - omega) u + omega * c0 * (sum of the 6 neighbours). */
void smooth(int n, int nsweeps, double omega, double u[2][n][n][n]) {
  const double c0 = 1.0 / 6.0;
  for (int s = 0; s < nsweeps; s++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          u[(s + 1) % 2][i][j][k] = (1.0 - omega) * u[s % 2][i][j][k] +
                                    omega * c0 * (u[s % 2][i - 1][j][k] + u[s % 2][i + 1][j][k] +
                                                  u[s % 2][i][j - 1][k] + u[s % 2][i][j + 1][k] +
                                                  u[s % 2][i][j][k - 1] + u[s % 2][i][j][k + 1]);
}
