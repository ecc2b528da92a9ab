/* heat2d_rk2: the 2D heat equation advanced by Heun's method (second-order Runge-Kutta): a
 * first stage writes the predictor into k1, and the second reads it at offsets.
 * u' = u + (r/2) (L(u) + L(u + r L(u))), L the 5-point Laplacian, r = alpha dt / h^2. */
#define N 2050
#define R 0.2f

static float k1[N][N];

void heat2d_rk2(int steps, float u[2][N][N]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        k1[i][j] = u[t % 2][i][j] + R * (u[t % 2][i - 1][j] + u[t % 2][i + 1][j] + u[t % 2][i][j - 1]
                                         + u[t % 2][i][j + 1] - 4.0f * u[t % 2][i][j]);
    for (int i = 2; i < N - 2; i++)
      for (int j = 2; j < N - 2; j++)
        u[(t + 1) % 2][i][j] = 0.5f * (u[t % 2][i][j] + k1[i][j])
            + 0.5f * R * (k1[i - 1][j] + k1[i + 1][j] + k1[i][j - 1] + k1[i][j + 1] - 4.0f * k1[i][j]);
  }
}
