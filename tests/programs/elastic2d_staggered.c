/* Velocity-stress modelling on a staggered grid (the first-order form of elastic and acoustic
 * codes, here its acoustic case: the pressure p and the particle velocities vx, vz), 8th order:
 * the staggered differences' radius loops c[r - 1] * (f[i + r] - f[i - r + 1]) over a static
 * const table of the four staggered coefficients, each field updated in place by its own
 * stage, the buoyancy and the bulk modulus times dt as coefficient grids. */
#define R 4

static const float cs[R] = {1225.0f / 1024.0f, -245.0f / 3072.0f, 49.0f / 5120.0f,
                            -5.0f / 7168.0f};

void staggered2d(int nz, int nx, int nt, float dth, float p[nz][nx], float vx[nz][nx],
                 float vz[nz][nx], const float bu[nz][nx], const float kdt[nz][nx]) {
  for (int it = 0; it < nt; it++) {
    for (int i = R; i < nz - R; i++)
      for (int j = R; j < nx - R; j++) {
        float dpx = 0.0f;
        for (int r = 1; r <= R; r++) dpx += cs[r - 1] * (p[i][j + r] - p[i][j - r + 1]);
        vx[i][j] = vx[i][j] + dth * bu[i][j] * dpx;
      }
    for (int i = R; i < nz - R; i++)
      for (int j = R; j < nx - R; j++) {
        float dpz = 0.0f;
        for (int r = 1; r <= R; r++) dpz += cs[r - 1] * (p[i + r][j] - p[i - r + 1][j]);
        vz[i][j] = vz[i][j] + dth * bu[i][j] * dpz;
      }
    for (int i = R; i < nz - R; i++)
      for (int j = R; j < nx - R; j++) {
        float div = 0.0f;
        for (int r = 1; r <= R; r++)
          div += cs[r - 1] * (vx[i][j + r - 1] - vx[i][j - r] + vz[i + r - 1][j] - vz[i - r][j]);
        p[i][j] = p[i][j] + kdt[i][j] * div;
      }
  }
}
