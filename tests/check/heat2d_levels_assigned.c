/* Heat on two flat grids in an array of two pointers, the pointers declared in the time loop
 * without a value and set first thing in the step to its levels by t % 2, as a C89 port would. */
void heat(int nx, int ny, int nt, double alpha, double *u[2]) {
  for (int t = 0; t < nt; t++) {
    const double *in;
    double *out;
    in = u[t % 2];
    out = u[(t + 1) % 2];
    for (int i = 1; i < ny - 1; i++)
      for (int j = 1; j < nx - 1; j++)
        out[i * nx + j] = in[i * nx + j] + alpha * (in[(i - 1) * nx + j] + in[(i + 1) * nx + j] +
                                                    in[i * nx + j - 1] + in[i * nx + j + 1] -
                                                    4.0 * in[i * nx + j]);
  }
}
