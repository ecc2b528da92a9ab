// expect: 9:23: error: the flattened index of 'vel' is not the row-major cell of the loop variables over the grids' extents (nz x nx): it multiplies 'i' by 'nx - 2', but the grids' stride along axis 0 is 'nx'
/* a velocity model that covers the interior only, (nz - 2) x (nx - 2), beside wavefields of
 * nz x nx: a flat grid of other extents than the program's */
void fwd(int nz, int nx, int nt, float *um, float *u, float *up, const float *vel) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < nz - 1; i++)
      for (int j = 1; j < nx - 1; j++) {
        int idx = i * nx + j;
        float v = vel[(i - 1) * (nx - 2) + j - 1];
        up[idx] = 2.0f * u[idx] - um[idx] +
                  v * (u[idx - 1] + u[idx + 1] + u[idx - nx] + u[idx + nx] - 4.0f * u[idx]);
      }
    float *tmp = um;
    um = u;
    u = up;
    up = tmp;
  }
}
