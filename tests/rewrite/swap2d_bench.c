/* A benchmark harness in the style of GPU stencil papers: float grids a and b behind pointers
 * swapped after each step, the kernel timed (the time goes to stderr), then checked against
 * the harness's own straightforward CPU loop; prints the verdict, the largest difference and a
 * checksum.
 * stencilc: --function stencil_run
 * run: 70 50 11
 * cuda-backend: n5d
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void stencil_run(int ny, int nx, int iters, float *a, float *b) {
  for (int it = 0; it < iters; it++) {
    for (int y = 2; y < ny - 2; y++)
      for (int x = 2; x < nx - 2; x++)
        b[y * nx + x] = 0.4f * a[y * nx + x] + 0.1f * (a[y * nx + x - 1] + a[y * nx + x + 1]) +
                        0.1f * (a[(y - 1) * nx + x] + a[(y + 1) * nx + x]) +
                        0.05f * (a[y * nx + x - 2] + a[y * nx + x + 2]) +
                        0.05f * (a[(y - 2) * nx + x] + a[(y + 2) * nx + x]);
    float *tmp = a;
    a = b;
    b = tmp;
  }
  /* the caller reads the result from the buffer the last step wrote */
  if (iters % 2) memcpy(b, a, sizeof(float) * (size_t)nx * ny);
}

static float cpu_cell(const float *g, int nx, int y, int x) {
  float s = 0.4f * g[y * nx + x];
  s += 0.1f * (g[y * nx + x - 1] + g[y * nx + x + 1]);
  s += 0.1f * (g[(y - 1) * nx + x] + g[(y + 1) * nx + x]);
  s += 0.05f * (g[y * nx + x - 2] + g[y * nx + x + 2]);
  s += 0.05f * (g[(y - 2) * nx + x] + g[(y + 2) * nx + x]);
  return s;
}

int main(int argc, char **argv) {
  int ny = atoi(argv[1]), nx = atoi(argv[2]), iters = atoi(argv[3]);
  size_t cells = (size_t)nx * ny;
  float *a = malloc(cells * sizeof *a), *b = malloc(cells * sizeof *b);
  float *r0 = malloc(cells * sizeof *r0), *r1 = malloc(cells * sizeof *r1);
  srand(42);
  for (size_t i = 0; i < cells; i++) a[i] = (float)rand() / RAND_MAX;
  memcpy(b, a, cells * sizeof *a);
  memcpy(r0, a, cells * sizeof *a);
  memcpy(r1, a, cells * sizeof *a);
  clock_t c0 = clock();
  stencil_run(ny, nx, iters, a, b);
  fprintf(stderr, "kernel: %.3f ms\n", 1e3 * (double)(clock() - c0) / CLOCKS_PER_SEC);
  float *ref = r0, *nxt = r1;
  for (int it = 0; it < iters; it++) {
    for (int y = 2; y < ny - 2; y++)
      for (int x = 2; x < nx - 2; x++) nxt[y * nx + x] = cpu_cell(ref, nx, y, x);
    float *t = ref;
    ref = nxt;
    nxt = t;
  }
  const float *got = iters % 2 ? b : a;
  double maxdiff = 0, sum = 0;
  for (size_t i = 0; i < cells; i++) {
    maxdiff = fmax(maxdiff, fabs((double)got[i] - ref[i]));
    sum += got[i];
  }
  printf("verification: %s\n", maxdiff < 1e-4 ? "PASS" : "FAIL");
  printf("max difference below 1e-4: %d\n", maxdiff < 1e-4);
  printf("checksum %.6f\n", sum);
  return 0;
}
