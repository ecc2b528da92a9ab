/* heat2d_neumann.c with a heater: after the sweep, q[n] is added to the cell (sy, sx) of un,
 * then the insulated edges are copied from their inner neighbours and un copied back into u (a
 * point source between the sweep and the boundary loops, added where the time loop adds it). */
void heat(int nx, int ny, int nsteps, int sy, int sx, double alpha, const double *q,
          double u[ny][nx], double un[ny][nx]) {
  for (int n = 0; n < nsteps; n++) {
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        un[j][i] = u[j][i] + alpha * (u[j][i+1] + u[j][i-1] + u[j+1][i] + u[j-1][i] - 4.0 * u[j][i]);
    un[sy][sx] += q[n];
    for (int i = 0; i < nx; i++) { un[0][i] = un[1][i]; un[ny-1][i] = un[ny-2][i]; }
    for (int j = 0; j < ny; j++) { un[j][0] = un[j][1]; un[j][nx-1] = un[j][nx-2]; }
    for (int j = 0; j < ny; j++) for (int i = 0; i < nx; i++) u[j][i] = un[j][i];
  }
}
