/* A benchmark harness for the two-buffer (leapfrog) acoustic kernel as GPU seismic codes write
 * it: the new pressure overwrites the oldest level in place, p_new = 2 p - p_old + s v^2 lap(p),
 * with a velocity grid and the run-time scalar s = (dt / h)^2 given by the caller. The harness
 * runs the region (propagate), then its own CPU loop (reference_step, one step per call, levels
 * in two arrays) and prints the largest difference over both levels, a verdict and checksums.
 * stencilc: --function propagate
 * run: 56 31
 * cuda-backend: naive
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define R 4

static const float C[R + 1] = {-2.847222222f, 1.6f, -0.2f, 0.025396825f, -0.001785714f};

static void propagate(int n, int steps, float s, float p[2][n][n], const float v2[n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = R; i < n - R; i++)
      for (int j = R; j < n - R; j++) {
        float lap = 2.0f * C[0] * p[t % 2][i][j];
        lap += C[1] * (p[t % 2][i - 1][j] + p[t % 2][i + 1][j] + p[t % 2][i][j - 1] + p[t % 2][i][j + 1]);
        lap += C[2] * (p[t % 2][i - 2][j] + p[t % 2][i + 2][j] + p[t % 2][i][j - 2] + p[t % 2][i][j + 2]);
        lap += C[3] * (p[t % 2][i - 3][j] + p[t % 2][i + 3][j] + p[t % 2][i][j - 3] + p[t % 2][i][j + 3]);
        lap += C[4] * (p[t % 2][i - 4][j] + p[t % 2][i + 4][j] + p[t % 2][i][j - 4] + p[t % 2][i][j + 4]);
        p[(t + 1) % 2][i][j] = 2.0f * p[t % 2][i][j] - p[(t + 1) % 2][i][j] + s * v2[i][j] * lap;
      }
}

static void reference_step(int n, float s, float *cur, float *old, const float *v2) {
  for (int i = R; i < n - R; i++)
    for (int j = R; j < n - R; j++) {
      float lap = 2.0f * C[0] * cur[i * n + j];
      for (int r = 1; r <= R; r++)
        lap += C[r] * (cur[(i - r) * n + j] + cur[(i + r) * n + j] + cur[i * n + j - r] + cur[i * n + j + r]);
      old[i * n + j] = 2.0f * cur[i * n + j] - old[i * n + j] + s * v2[i * n + j] * lap;
    }
}

int main(int argc, char **argv) {
  if (argc < 3) return 2;
  int n = atoi(argv[1]), steps = atoi(argv[2]);
  const float dt = 0.0008f, h = 8.0f, s = (dt / h) * (dt / h);
  float (*p)[n][n] = malloc(sizeof(float[2][n][n]));
  float *v2 = malloc(sizeof(float) * n * n), *ref[2] = {malloc(sizeof(float) * n * n), malloc(sizeof(float) * n * n)};
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float v = 1800.0f + 600.0f * (float)i / n + 100.0f * sinf(0.3f * j);
      v2[i * n + j] = v * v;
      float d2 = (float)((i - n / 2) * (i - n / 2) + (j - n / 3) * (j - n / 3));
      p[0][i][j] = ref[0][i * n + j] = expf(-d2 / 6.0f);
      p[1][i][j] = ref[1][i * n + j] = 0.9f * expf(-d2 / 6.5f);
    }
  propagate(n, steps, s, p, (const float (*)[n])v2);
  for (int t = 0; t < steps; t++) reference_step(n, s, ref[t % 2], ref[(t + 1) % 2], v2);
  double diff = 0, sum[2] = {0, 0};
  for (int l = 0; l < 2; l++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        diff = fmax(diff, fabs((double)p[l][i][j] - ref[l][i * n + j]));
        sum[l] += fabs((double)p[l][i][j]);
      }
  printf("max |gpu - cpu| = %.2e\n%s\n", diff, diff < 1e-3 ? "PASS" : "FAIL");
  printf("sum |p0| = %.5f  sum |p1| = %.5f  newest level in p[%d]\n", sum[0], sum[1], steps % 2);
  free(p);
  free(v2);
  free(ref[0]);
  free(ref[1]);
  return 0;
}
