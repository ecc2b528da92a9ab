/* Gray-Scott reaction-diffusion (Pearson 1993), two fields, each with two grids picked by the
 * step's parity where the pointers are declared (const for the ones read), never swapped. */
void grayscott(int n, int steps, double du, double dv, double f, double kr,
               double *u0, double *u1, double *v0, double *v1) {
  for (int t = 0; t < steps; t++) {
    const double *u = (t % 2 == 0) ? u0 : u1, *v = (t % 2 == 0) ? v0 : v1;
    double *un = (t % 2 == 0) ? u1 : u0, *vn = (t % 2 == 0) ? v1 : v0;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        int c = i * n + j;
        double uvv = u[c] * v[c] * v[c];
        un[c] = u[c] + du * (u[c - n] + u[c + n] + u[c - 1] + u[c + 1] - 4.0 * u[c]) - uvv +
                f * (1.0 - u[c]);
        vn[c] = v[c] + dv * (v[c - n] + v[c + n] + v[c - 1] + v[c + 1] - 4.0 * v[c]) + uvv -
                (f + kr) * v[c];
      }
  }
}
