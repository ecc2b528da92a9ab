/* Heat flow with a conductivity grid, every size fixed by the source: the grids are declared
 * with #define'd extents and the time loop runs a #define'd count (a textbook's form). */
#define NY 66
#define NX 50
#define NT 20

void heat2d_fixed(float u[2][NY][NX], const float kappa[NY][NX]) {
  for (int t = 0; t < NT; t++)
    for (int i = 1; i < NY - 1; i++)
      for (int j = 1; j < NX - 1; j++)
        u[(t + 1) % 2][i][j] = u[t % 2][i][j] +
            kappa[i][j] * (u[t % 2][i - 1][j] + u[t % 2][i + 1][j] + u[t % 2][i][j - 1] +
                           u[t % 2][i][j + 1] - 4.0f * u[t % 2][i][j]);
}
