/* 1D wave equation, fourth order in space (radius R = 2), on a grid with R ghost cells at each
 * end, as seismic and CFD codes keep them: after each step the ghost layers of the new level
 * are refreshed in a loop over the layer, mirrored about the edge cell (u[g] = u[2 * R - g])
 * at the left end and wrapped around (periodic) at the right end; three arrays rotated. */
#define R 2
void wave(int n, int nt, double c2, double *um, double *u, double *up) {
  for (int it = 0; it < nt; it++) {
    for (int i = R; i < n - R; i++)
      up[i] = 2.0 * u[i] - um[i] +
              c2 * (-u[i - 2] + 16.0 * u[i - 1] - 30.0 * u[i] + 16.0 * u[i + 1] - u[i + 2]) / 12.0;
    for (int g = 0; g < R; g++) {
      up[g] = up[2 * R - g];
      up[n - 1 - g] = up[R + 1 - g];
    }
    double *tmp = um;
    um = u;
    u = up;
    up = tmp;
  }
}
