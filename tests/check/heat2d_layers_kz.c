/* Heat conduction through horizontal layers, written as a single stencil: two time levels in the
 * first dimension of a VLA, the conductivity varying by row only (kz[iz], one value per depth,
 * from a well log), a run-time scalar r = dt / h^2. */
void heat_layers(int nz, int nx, int nt, double r, double u[2][nz][nx], const double kz[nz]) {
  for (int t = 0; t < nt; t++)
    for (int iz = 1; iz < nz - 1; iz++)
      for (int ix = 1; ix < nx - 1; ix++)
        u[(t + 1) % 2][iz][ix] =
            u[t % 2][iz][ix] + r * kz[iz] * (u[t % 2][iz - 1][ix] + u[t % 2][iz + 1][ix] +
                                             u[t % 2][iz][ix - 1] + u[t % 2][iz][ix + 1] -
                                             4.0 * u[t % 2][iz][ix]);
}
