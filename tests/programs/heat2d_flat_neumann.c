/* The heat equation on flat arrays of run-time sizes, as C tutorials write it: u[j * nx + i],
 * insulated edges copied from their inner neighbours after the sweep (u[j * nx] = u[j * nx + 1],
 * the last row u[(ny - 1) * nx + i] from u[(ny - 2) * nx + i]), the top right corner the mean of
 * its two neighbours (u[2 * nx - 1] is row 1's last cell), then the pointers swapped. */
void heat(int nx, int ny, int nsteps, float r, float *u, float *unew) {
  for (int n = 0; n < nsteps; n++) {
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++) {
        int c = j * nx + i;
        unew[c] = u[c] + r * (u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx] - 4.0f * u[c]);
      }
    for (int i = 0; i < nx; i++) {
      unew[i] = unew[nx + i];
      unew[(ny - 1) * nx + i] = unew[(ny - 2) * nx + i];
    }
    for (int j = 0; j < ny; j++) {
      unew[j * nx] = unew[j * nx + 1];
      unew[j * nx + nx - 1] = unew[j * nx + nx - 2];
    }
    unew[nx - 1] = 0.5f * (unew[nx - 2] + unew[2 * nx - 1]);
    float *tmp = u;
    u = unew;
    unew = tmp;
  }
}
