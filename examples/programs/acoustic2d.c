/* acoustic2d: the 2D acoustic wave equation u_tt = v^2 (u_xx + u_zz), second order in time and
 * eighth order in space (radius 4), with a velocity grid; three time levels in one array, as
 * seismic modelling codes keep them. vp2dt2 holds (v dt / h)^2 per cell. */
#define R 4

void acoustic2d(int nz, int nx, int nt, float u[3][nz][nx], const float vp2dt2[nz][nx]) {
  /* Taylor coefficients of the eighth-order second derivative */
  const float c0 = -205.0f / 72.0f, c1 = 8.0f / 5.0f, c2 = -1.0f / 5.0f;
  const float c3 = 8.0f / 315.0f, c4 = -1.0f / 560.0f;
  for (int t = 1; t < nt; t++) {
    for (int iz = R; iz < nz - R; iz++) {
      for (int ix = R; ix < nx - R; ix++) {
        float lap = 2.0f * c0 * u[t % 3][iz][ix]
                  + c1 * (u[t % 3][iz - 1][ix] + u[t % 3][iz + 1][ix] + u[t % 3][iz][ix - 1] + u[t % 3][iz][ix + 1])
                  + c2 * (u[t % 3][iz - 2][ix] + u[t % 3][iz + 2][ix] + u[t % 3][iz][ix - 2] + u[t % 3][iz][ix + 2])
                  + c3 * (u[t % 3][iz - 3][ix] + u[t % 3][iz + 3][ix] + u[t % 3][iz][ix - 3] + u[t % 3][iz][ix + 3])
                  + c4 * (u[t % 3][iz - 4][ix] + u[t % 3][iz + 4][ix] + u[t % 3][iz][ix - 4] + u[t % 3][iz][ix + 4]);
        u[(t + 1) % 3][iz][ix] = 2.0f * u[t % 3][iz][ix] - u[(t + 2) % 3][iz][ix] + vp2dt2[iz][ix] * lap;
      }
    }
  }
}
