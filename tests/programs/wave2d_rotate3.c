/* The acoustic wave equation, second order in time, with three grids rotated by pointer each
 * step (um: t - 1, u: t, up: t + 1) and a velocity grid; sizes are constants of an enum, the
 * grids are pointers to rows (double (*u)[NX]). */
enum { NY = 40, NX = 36 };

void wave2d_rotate3(int nt, double (*um)[NX], double (*u)[NX], double (*up)[NX],
                    const double (*vel)[NX]) {
  for (int t = 0; t < nt; t++) {
    for (int i = 2; i < NY - 2; i++)
      for (int j = 2; j < NX - 2; j++) {
        double lap = -5.0 * u[i][j] + (4.0 / 3.0) * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]) -
                     (1.0 / 12.0) * (u[i - 2][j] + u[i + 2][j] + u[i][j - 2] + u[i][j + 2]);
        up[i][j] = 2.0 * u[i][j] - um[i][j] + vel[i][j] * lap;
      }
    double (*tmp)[NX] = um;
    um = u;
    u = up;
    up = tmp;
  }
}
