/* conv2d-4x7: single-channel 2D convolution with the 4 x 7 filter W, whose weights are known
 * only when the program runs (SSAM, Chen et al. 2019, sections 4-6: 2x2 to 20x20 filters on an
 * 8192 x 8192 image). It computes what torch.nn.functional.conv2d computes (no flip of the
 * filter) with padding='same': A holds the (m - M + 1) x (n - N + 1) image with P rows of halo
 * above, M - 1 - P below, Q columns left and N - 1 - Q right, where torch pads with zeros.
 * One time step is one convolution. Written by scripts/conv2d.sh 4 7. */
#define M 4
#define N 7
#define P ((M - 1) / 2)
#define Q ((N - 1) / 2)
void conv2d(int m, int n, int steps, const float W[M][N], float A[2][m][n]) {
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = P; i < m - (M - 1 - P); i++)
      for (int j = Q; j < n - (N - 1 - Q); j++) {
        float acc = 0.0f;
        for (int a = 0; a < M; a++)
          for (int b = 0; b < N; b++)
            acc += W[a][b] * A[t % 2][i + a - P][j + b - Q];
        A[(t + 1) % 2][i][j] = acc;
      }
#pragma endscop
}
