/* The textbook heat equation with insulated (Neumann) edges: the sweep into un, the edges of
 * un copied from their inner neighbours after it (rows, then columns: the corners take the
 * rows' values), then un copied back into u. */
void heat(int nx, int ny, int nsteps, double alpha, double u[ny][nx], double un[ny][nx]) {
  for (int n = 0; n < nsteps; n++) {
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        un[j][i] = u[j][i] + alpha * (u[j][i+1] + u[j][i-1] + u[j+1][i] + u[j-1][i] - 4.0 * u[j][i]);
    for (int i = 0; i < nx; i++) { un[0][i] = un[1][i]; un[ny-1][i] = un[ny-2][i]; }
    for (int j = 0; j < ny; j++) { un[j][0] = un[j][1]; un[j][nx-1] = un[j][nx-2]; }
    for (int j = 0; j < ny; j++) for (int i = 0; i < nx; i++) u[j][i] = un[j][i];
  }
}
