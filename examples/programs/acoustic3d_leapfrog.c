/* acoustic3d_leapfrog: the 3D acoustic wave equation of acoustic3d.c with two buffers, the new
 * level written over the oldest (read at the centre only), and the Laplacian in a local
 * temporary built per axis. m holds (v dt / h)^2 per cell. */
#define RADIUS 4

void acoustic3d_leapfrog(int n, int steps, double p[2][n][n][n], const double m[n][n][n]) {
  const double w1 = 1.6, w2 = -0.2, w3 = 8.0 / 315.0, w4 = -1.0 / 560.0;
  const double w0 = 3.0 * (-205.0 / 72.0);
  for (int t = 0; t < steps; t++) {
    for (int i = RADIUS; i < n - RADIUS; i++) {
      for (int j = RADIUS; j < n - RADIUS; j++) {
        for (int k = RADIUS; k < n - RADIUS; k++) {
          double lap = w0 * p[t % 2][i][j][k]
              + w1 * (p[t % 2][i + 1][j][k] + p[t % 2][i - 1][j][k])
              + w2 * (p[t % 2][i + 2][j][k] + p[t % 2][i - 2][j][k])
              + w3 * (p[t % 2][i + 3][j][k] + p[t % 2][i - 3][j][k])
              + w4 * (p[t % 2][i + 4][j][k] + p[t % 2][i - 4][j][k])
              + w1 * (p[t % 2][i][j + 1][k] + p[t % 2][i][j - 1][k])
              + w2 * (p[t % 2][i][j + 2][k] + p[t % 2][i][j - 2][k])
              + w3 * (p[t % 2][i][j + 3][k] + p[t % 2][i][j - 3][k])
              + w4 * (p[t % 2][i][j + 4][k] + p[t % 2][i][j - 4][k])
              + w1 * (p[t % 2][i][j][k + 1] + p[t % 2][i][j][k - 1])
              + w2 * (p[t % 2][i][j][k + 2] + p[t % 2][i][j][k - 2])
              + w3 * (p[t % 2][i][j][k + 3] + p[t % 2][i][j][k - 3])
              + w4 * (p[t % 2][i][j][k + 4] + p[t % 2][i][j][k - 4]);
          p[(t + 1) % 2][i][j][k] = 2.0 * p[t % 2][i][j][k] - p[(t + 1) % 2][i][j][k] + m[i][j][k] * lap;
        }
      }
    }
  }
}
