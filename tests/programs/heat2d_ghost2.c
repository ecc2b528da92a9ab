/* A fourth-order heat step on a grid with two ghost layers on each side (R = 2): after the
 * sweep, a loop over the layers mirrors the ghost rows and then the ghost columns about the
 * edge (an even reflection: a zero-flux wall), u[R - 1 - g][i] = u[R + g][i], at both ends;
 * the two grids swapped by pointer. */
#define R 2
void heat(int nz, int nx, int nt, float r, float (*u)[nx], float (*un)[nx]) {
  for (int t = 0; t < nt; t++) {
    for (int k = R; k < nz - R; k++)
      for (int i = R; i < nx - R; i++)
        un[k][i] = u[k][i] + r * (-u[k - 2][i] + 16.0f * u[k - 1][i] + 16.0f * u[k + 1][i] -
                                  u[k + 2][i] - u[k][i - 2] + 16.0f * u[k][i - 1] +
                                  16.0f * u[k][i + 1] - u[k][i + 2] - 60.0f * u[k][i]) / 12.0f;
    for (int g = 0; g < R; g++)
      for (int i = R; i < nx - R; i++) {
        un[R - 1 - g][i] = un[R + g][i];
        un[nz - R + g][i] = un[nz - R - 1 - g][i];
      }
    for (int k = 0; k < nz; k++)
      for (int g = 0; g < R; g++) {
        un[k][R - 1 - g] = un[k][R + g];
        un[k][nx - R + g] = un[k][nx - R - 1 - g];
      }
    float (*tmp)[nx] = u;
    u = un;
    un = tmp;
  }
}
