/* The 2D heat equation by Heun's method on flat float grids of #define'd sizes, each stage
 * computing the cell's index first (int idx = i * NX + j) and its rows above and below from it:
 * the predictor into k1, then the corrector reading k1 at offsets; u swapped by pointer. */
#define NY 34
#define NX 40
#define R 0.2f

void heat2d_rk2_flat_idx(int steps, float *u, float *unew, float *k1) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < NY - 1; i++)
      for (int j = 1; j < NX - 1; j++) {
        int idx = i * NX + j;
        int n = idx - NX, s = idx + NX;
        k1[idx] = u[idx] + R * (u[n] + u[s] + u[idx - 1] + u[idx + 1] - 4.0f * u[idx]);
      }
    for (int i = 2; i < NY - 2; i++)
      for (int j = 2; j < NX - 2; j++) {
        const int idx = i * NX + j;
        unew[idx] = 0.5f * (u[idx] + k1[idx]) +
                    0.5f * R * (k1[idx - NX] + k1[idx + NX] + k1[idx - 1] + k1[idx + 1] - 4.0f * k1[idx]);
      }
    float *tmp = u;
    u = unew;
    unew = tmp;
  }
}
