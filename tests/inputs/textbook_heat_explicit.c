// expect: {"dims": 2, "extents": ["NX", "NY"], "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.6, "1,0": 0.1, "0,-1": 0.1}, "time_form": "copy-back"}
/* The textbook FTCS scheme for the 2D heat equation, with the new values copied back. */
void ftcs(int NX, int NY, int NT, double u[NX][NY], double un[NX][NY]) {
  const double r = 0.1;
  int i, j, n;
  for (n = 0; n < NT; n++) {
    for (i = 1; i < NX - 1; i++)
      for (j = 1; j < NY - 1; j++)
        un[i][j] = u[i][j] + r * (u[i + 1][j] - 2 * u[i][j] + u[i - 1][j]) + r * (u[i][j + 1] - 2 * u[i][j] + u[i][j - 1]);
    for (i = 1; i < NX - 1; i++)
      for (j = 1; j < NY - 1; j++)
        u[i][j] = un[i][j];
  }
}
