/* The 3D acoustic leapfrog as textbooks write it, axis by axis: a radius loop per axis over a
 * file-scope const coefficient table, two time levels in the first dimension of a VLA
 * (p[2][nz][ny][nx]), the new level written over the oldest, which the update reads at its own
 * cell, and the velocity grid squared in the update. */
#define R 4

const double coef[R + 1] = {-205.0 / 72.0, 8.0 / 5.0, -1.0 / 5.0, 8.0 / 315.0, -1.0 / 560.0};

void wave3d(int nz, int ny, int nx, int nt, double dt, double p[2][nz][ny][nx],
            const double vel[nz][ny][nx]) {
  for (int t = 0; t < nt; t++)
    for (int iz = R; iz < nz - R; iz++)
      for (int iy = R; iy < ny - R; iy++)
        for (int ix = R; ix < nx - R; ix++) {
          double lap = 3.0 * coef[0] * p[t % 2][iz][iy][ix];
          for (int r = 1; r <= R; r++)
            lap += coef[r] * (p[t % 2][iz + r][iy][ix] + p[t % 2][iz - r][iy][ix]);
          for (int r = 1; r <= R; r++)
            lap += coef[r] * (p[t % 2][iz][iy + r][ix] + p[t % 2][iz][iy - r][ix]);
          for (int r = 1; r <= R; r++)
            lap += coef[r] * (p[t % 2][iz][iy][ix + r] + p[t % 2][iz][iy][ix - r]);
          double v = vel[iz][iy][ix];
          p[(t + 1) % 2][iz][iy][ix] =
              2.0 * p[t % 2][iz][iy][ix] - p[(t + 1) % 2][iz][iy][ix] + v * v * dt * dt * lap;
        }
}
