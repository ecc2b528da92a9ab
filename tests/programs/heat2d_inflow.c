/* 2D heat equation on two time levels with Dirichlet edges: the first row takes the inflow
 * temperature of the step, the last row and the side columns are held at zero, set on the new
 * level before the sweep computes its interior. */
#define NX 40
#define NY 30
void heat_inflow(int nt, float r, const float *inflow, float u[2][NY][NX]) {
  for (int t = 0; t < nt; t++) {
    for (int i = 0; i < NX; i++) {
      u[(t + 1) % 2][0][i] = inflow[t];
      u[(t + 1) % 2][NY - 1][i] = 0.0f;
    }
    for (int j = 1; j < NY - 1; j++) {
      u[(t + 1) % 2][j][0] = 0.0f;
      u[(t + 1) % 2][j][NX - 1] = 0.0f;
    }
    for (int j = 1; j < NY - 1; j++)
      for (int i = 1; i < NX - 1; i++)
        u[(t + 1) % 2][j][i] = u[t % 2][j][i] + r * (u[t % 2][j][i - 1] + u[t % 2][j][i + 1] +
                                                      u[t % 2][j - 1][i] + u[t % 2][j + 1][i] -
                                                      4.0f * u[t % 2][j][i]);
  }
}
