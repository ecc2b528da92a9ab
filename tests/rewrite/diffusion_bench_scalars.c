/* A benchmark harness in the style of GPU papers' artifacts: the timed region (run_region) updates
 * float grids behind two swapped pointers with a coefficient computed from the solver's physical
 * parameters (k = dt c^2 / h^2, a local), then the harness runs its own CPU loop (reference) on a
 * copy and prints the largest difference, a verdict and a checksum of the region's result.
 * stencilc: --function run_region
 * run: 50 33
 * cuda-backend: naive
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static float *run_region(int ny, int nx, int steps, float c, float dt, float h, float *in, float *out) {
  const float k = dt * c * c / (h * h);
  for (int s = 0; s < steps; s++) {
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        out[y * nx + x] = in[y * nx + x] + k * (in[(y - 1) * nx + x] + in[(y + 1) * nx + x] +
                                                in[y * nx + x - 1] + in[y * nx + x + 1] - 4.0f * in[y * nx + x]);
    float *tmp = in;
    in = out;
    out = tmp;
  }
  return in;
}

/* The harness's own loop: row pointers, the levels exchanged by index. */
static void reference(int ny, int nx, int steps, float k, float *a, float *b) {
  float *lv[2] = {a, b};
  for (int s = 0; s < steps; s++) {
    const float *src = lv[s % 2];
    float *dst = lv[(s + 1) % 2];
    for (int y = 1; y < ny - 1; y++) {
      const float *up = src + (y - 1) * nx, *row = src + y * nx, *down = src + (y + 1) * nx;
      for (int x = 1; x < nx - 1; x++) dst[y * nx + x] = row[x] + k * (up[x] + down[x] + row[x - 1] + row[x + 1] - 4.0f * row[x]);
    }
  }
  if (steps % 2) memcpy(a, b, sizeof(float) * (size_t)ny * nx);
}

int main(int argc, char **argv) {
  if (argc < 3) return 2;
  int n = atoi(argv[1]), steps = atoi(argv[2]);
  const float c = 1.5f, h = 0.01f, dt = 0.2f * h * h / (c * c);
  size_t cells = (size_t)n * n;
  float *a = malloc(cells * sizeof *a), *b = malloc(cells * sizeof *b);
  float *ra = malloc(cells * sizeof *ra), *rb = malloc(cells * sizeof *rb);
  for (size_t i = 0; i < cells; i++) a[i] = b[i] = (float)((i * 7919) % 1000) / 1000.0f;
  memcpy(ra, a, cells * sizeof *a);
  memcpy(rb, b, cells * sizeof *b);
  float *res = run_region(n, n, steps, c, dt, h, a, b);
  reference(n, n, steps, dt * c * c / (h * h), ra, rb);
  double diff = 0, sum = 0;
  for (size_t i = 0; i < cells; i++) {
    diff = fmax(diff, fabs((double)res[i] - ra[i]));
    sum += res[i];
  }
  printf("max |region - reference| = %.3e\n%s\nchecksum %.6f\n", diff, diff < 1e-4 ? "PASS" : "FAIL", sum);
  return 0;
}
