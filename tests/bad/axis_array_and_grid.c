// expect: 9:35: error: 'k' is read as a grid of the program elsewhere and as a 1D array along axis 1 here
// hint: read a grid of the program at every axis (k[iz][ix], k[iz * nx + ix]), a 1D coef
/* A flat coefficient grid also read as a profile along x. */
void heat(int ny, int nx, int nt, double r, const double *k, double *u, double *un) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < ny - 1; i++)
      for (int j = 1; j < nx - 1; j++) {
        int c = i * nx + j;
        un[c] = u[c] + r * k[c] * k[j] * (u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx] - 4.0 * u[c]);
      }
    double *tmp = u; u = un; un = tmp;
  }
}
