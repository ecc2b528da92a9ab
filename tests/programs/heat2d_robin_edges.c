/* Heat equation with a convective (Robin) edge and a heated, damped strip, as textbook codes set
 * them each step: the bottom row from a local holding the ghost value (double g = ...), the top
 * row heated in place (un[ny-1][i] += q), the side columns relaxed towards their neighbours
 * (-=) and scaled (*=), then the copy-back. */
void heat(int nx, int ny, int nsteps, double alpha, double beta, double q, double u[ny][nx],
          double un[ny][nx]) {
  for (int n = 0; n < nsteps; n++) {
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        un[j][i] = u[j][i] + alpha * (u[j][i+1] + u[j][i-1] + u[j+1][i] + u[j-1][i] - 4.0 * u[j][i]);
    for (int i = 1; i < nx - 1; i++) {
      double w = 1.0 / (1.0 + beta);
      double g = w * un[1][i];
      g += beta * w * u[0][i];
      un[0][i] = g;
      un[ny-1][i] = u[ny-1][i];
      un[ny-1][i] += q * (un[ny-2][i] - u[ny-1][i]);
    }
    for (int j = 0; j < ny; j++) {
      un[j][0] = u[j][0];
      un[j][0] -= 0.5 * (u[j][0] - u[j][1]);
      un[j][nx-1] = u[j][nx-1];
      un[j][nx-1] *= 0.75;
    }
    for (int j = 0; j < ny; j++) for (int i = 0; i < nx; i++) u[j][i] = un[j][i];
  }
}
