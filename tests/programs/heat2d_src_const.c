/* 2D heat diffusion with a heater at the plate's centre: two time levels in the first dimension
 * of a fixed-size array, and the heater's power added each step at a constant cell. */
#define N 64
#define NT 12

void heat(float u[2][N][N], const float *power) {
  for (int t = 0; t < NT; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        u[(t + 1) % 2][i][j] = 0.25f * (u[t % 2][i][j - 1] + u[t % 2][i][j + 1] +
                                        u[t % 2][i - 1][j] + u[t % 2][i + 1][j]);
    u[(t + 1) % 2][N / 2][N / 2] += power[t];
  }
}
