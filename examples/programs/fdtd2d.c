/* fdtd2d: 2D finite-difference time-domain (Yee) update of the TE mode, three fields updated in
 * turn, each from the others' new values, each over its own bounds (after PolyBench's fdtd-2d,
 * without the source row). */
#define NX 1000
#define NY 1200

void fdtd2d(int tmax, double ex[NX][NY], double ey[NX][NY], double hz[NX][NY]) {
  for (int t = 0; t < tmax; t++) {
    for (int i = 1; i < NX; i++)
      for (int j = 0; j < NY; j++)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
    for (int i = 0; i < NX; i++)
      for (int j = 1; j < NY; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
    for (int i = 0; i < NX - 1; i++)
      for (int j = 0; j < NY - 1; j++)
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
}
