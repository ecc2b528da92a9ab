/* The heat equation with a conductivity grid as textbooks write the explicit step: the
 * diffusion number r = alpha * dt / (h * h) computed in a const local before the time loop from
 * the parameters, flat double arrays of run-time sizes, a pointer swap. r is the user's: the
 * check computes it from the program's alpha, dt and h with this declaration. */
void heat(int ny, int nx, int nt, double alpha, double dt, double h, const double *k, double *u,
          double *unew) {
  const double r = alpha * dt / (h * h);
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < ny - 1; i++)
      for (int j = 1; j < nx - 1; j++) {
        int c = i * nx + j;
        unew[c] = u[c] + r * k[c] * (u[c - nx] + u[c + nx] + u[c - 1] + u[c + 1] - 4.0 * u[c]);
      }
    double *tmp = u;
    u = unew;
    unew = tmp;
  }
}
