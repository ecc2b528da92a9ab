// expect: 18:24: error: the boundary stage reaches outside 'u' along axis 0
// hint: write a boundary stage as a loop over the other axes
/* Insulated edges on flat arrays where the left edge copies the old level's cell below it along
 * the edge itself: at j = ny - 1 that reads row ny, beyond the grid (C reads past the array).
 * Refused at the flat subscript (a flat position's counter moves it as a plain subscript's). */
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
    for (int j = 0; j < ny; j++)
      unew[j * nx] = u[(j + 1) * nx];
    float *tmp = u;
    u = unew;
    unew = tmp;
  }
}
