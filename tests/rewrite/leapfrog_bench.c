/* A benchmark harness for the two-buffer (leapfrog) acoustic kernel as GPU seismic codes write
 * it, in 3D to fourth order: the new pressure overwrites the oldest level in place,
 * p_new = 2 p - p_old + s v^2 lap(p), with a velocity-squared grid and the run-time scalar
 * s = (dt / h)^2 given by the caller. The harness runs the region (propagate), then its own CPU
 * loop (reference_step, levels in two flat arrays) and prints the largest difference over both
 * levels, a verdict and checksums.
 * stencilc: --function propagate
 * run: 22 17
 * cuda-backend: naive
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void propagate(int n, int steps, float s, float p[2][n][n][n], const float v2[n][n][n]) {
  const float a0 = -7.5f, a1 = 4.0f / 3.0f, a2 = -1.0f / 12.0f;
  for (int t = 0; t < steps; t++)
    for (int z = 2; z < n - 2; z++)
      for (int y = 2; y < n - 2; y++)
        for (int x = 2; x < n - 2; x++) {
          float lap = a0 * p[t % 2][z][y][x]
                    + a1 * (p[t % 2][z - 1][y][x] + p[t % 2][z + 1][y][x] + p[t % 2][z][y - 1][x]
                            + p[t % 2][z][y + 1][x] + p[t % 2][z][y][x - 1] + p[t % 2][z][y][x + 1])
                    + a2 * (p[t % 2][z - 2][y][x] + p[t % 2][z + 2][y][x] + p[t % 2][z][y - 2][x]
                            + p[t % 2][z][y + 2][x] + p[t % 2][z][y][x - 2] + p[t % 2][z][y][x + 2]);
          p[(t + 1) % 2][z][y][x] = 2.0f * p[t % 2][z][y][x] - p[(t + 1) % 2][z][y][x] + s * v2[z][y][x] * lap;
        }
}

/* One step on flat arrays: old becomes the new level. */
static void reference_step(int n, float s, const float *cur, float *old, const float *v2) {
  const long sz = (long)n * n, sy = n;
  for (long c = 0; c < sz * n; c++) {
    long z = c / sz, y = c / sy % n, x = c % n;
    if (z < 2 || z >= n - 2 || y < 2 || y >= n - 2 || x < 2 || x >= n - 2) continue;
    float near = cur[c - sz] + cur[c + sz] + cur[c - sy] + cur[c + sy] + cur[c - 1] + cur[c + 1];
    float far = cur[c - 2 * sz] + cur[c + 2 * sz] + cur[c - 2 * sy] + cur[c + 2 * sy] + cur[c - 2] + cur[c + 2];
    old[c] = 2.0f * cur[c] - old[c] + s * v2[c] * (-7.5f * cur[c] + (4.0f / 3.0f) * near - (1.0f / 12.0f) * far);
  }
}

int main(int argc, char **argv) {
  if (argc < 3) return 2;
  int n = atoi(argv[1]), steps = atoi(argv[2]);
  const float dt = 0.0008f, h = 8.0f, s = (dt / h) * (dt / h);
  long cells = (long)n * n * n;
  float (*p)[n][n][n] = malloc(sizeof(float[2][n][n][n]));
  float *v2 = malloc(sizeof(float) * cells), *ref[2] = {malloc(sizeof(float) * cells), malloc(sizeof(float) * cells)};
  float *flat = &p[0][0][0][0];
  for (long c = 0; c < cells; c++) {
    long z = c / ((long)n * n), y = c / n % n, x = c % n;
    float v = 1800.0f + 900.0f * (float)z / n + 100.0f * sinf(0.4f * x);
    float d2 = (float)((z - n / 2) * (z - n / 2) + (y - n / 2) * (y - n / 2) + (x - n / 3) * (x - n / 3));
    v2[c] = v * v;
    flat[c] = ref[0][c] = expf(-d2 / 5.0f);
    flat[cells + c] = ref[1][c] = 0.95f * expf(-d2 / 5.5f);
  }
  propagate(n, steps, s, p, (const float (*)[n][n])v2);
  for (int t = 0; t < steps; t++) reference_step(n, s, ref[t % 2], ref[(t + 1) % 2], v2);
  double diff = 0, sum[2] = {0, 0};
  for (int l = 0; l < 2; l++)
    for (long c = 0; c < cells; c++) {
      diff = fmax(diff, fabs((double)flat[l * cells + c] - ref[l][c]));
      sum[l] += fabs((double)flat[l * cells + c]);
    }
  printf("max |gpu - cpu| = %.2e\n%s\n", diff, diff < 1e-3 ? "PASS" : "FAIL");
  printf("sum |p0| = %.5f  sum |p1| = %.5f  newest level in p[%d]\n", sum[0], sum[1], steps % 2);
  free(p);
  free(v2);
  free(ref[0]);
  free(ref[1]);
  return 0;
}
