/* 1D advection-diffusion by a two-stage Runge-Kutta scheme (Heun): the first stage writes the
 * predictor w, the second reads it at offsets; run-time coefficients a (advection) and d
 * (diffusion) per step, float. */
void advect1d_rk2(int n, int steps, float u[2][n], float w[n], float a, float d) {
  for (int t = 0; t < steps; t++) {
    for (int i = 2; i < n - 2; i++)
      w[i] = u[t % 2][i] - a * (u[t % 2][i + 1] - u[t % 2][i - 1]) +
             d * (u[t % 2][i - 1] - 2.0f * u[t % 2][i] + u[t % 2][i + 1]);
    for (int i = 2; i < n - 2; i++)
      u[(t + 1) % 2][i] = 0.5f * (u[t % 2][i] + w[i]) - 0.5f * a * (w[i + 1] - w[i - 1]) +
                          0.5f * d * (w[i - 1] - 2.0f * w[i] + w[i + 1]);
  }
}
