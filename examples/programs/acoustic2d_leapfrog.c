/* acoustic2d_leapfrog: the 2D acoustic wave equation of acoustic2d.c in the two-buffer form
 * (leapfrog): the new level overwrites the oldest in place, which the update reads at its own
 * cell only. vel holds (v dt / h)^2 per cell. */
#define R 4

static const float C[R + 1] = {-2.847222222f, 1.6f, -0.2f, 0.025396825f, -0.001785714f};

void acoustic2d_leapfrog(int n, int steps, float p[2][n][n], const float vel[n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = R; i < n - R; i++)
      for (int j = R; j < n - R; j++) {
        float lap = 2.0f * C[0] * p[t % 2][i][j];
        lap += C[1] * (p[t % 2][i - 1][j] + p[t % 2][i + 1][j] + p[t % 2][i][j - 1] + p[t % 2][i][j + 1]);
        lap += C[2] * (p[t % 2][i - 2][j] + p[t % 2][i + 2][j] + p[t % 2][i][j - 2] + p[t % 2][i][j + 2]);
        lap += C[3] * (p[t % 2][i - 3][j] + p[t % 2][i + 3][j] + p[t % 2][i][j - 3] + p[t % 2][i][j + 3]);
        lap += C[4] * (p[t % 2][i - 4][j] + p[t % 2][i + 4][j] + p[t % 2][i][j - 4] + p[t % 2][i][j + 4]);
        p[(t + 1) % 2][i][j] = 2.0f * p[t % 2][i][j] - p[(t + 1) % 2][i][j] + vel[i][j] * lap;
      }
}
