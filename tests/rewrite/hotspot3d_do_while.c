/* Rodinia hotspot3D's CPU loop shape (interior only): coefficients per direction computed from
 * the chip's parameters, the neighbour indices computed into locals, the grids swapped in a
 * do { ... i++; } while (i < numiter); loop; main prints the counter after the loop, a checksum
 * and a few cells (odd and even step counts: which buffer the result ends in; 0 steps asked: a
 * do loop still makes one).
 * run: 12 10 7 5
 * run: 9 11 8 4
 * run: 8 9 7 0
 */
#include <stdio.h>
#include <stdlib.h>

static int computeTempCPU(float *tIn, float *tOut, int nx, int ny, int nz, float cc, float cn,
                          float cs, float ce, float cw, float ct, float cb, int numiter,
                          float **result) {
  int i = 0;
  do {
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++) {
          int c = x + y * nx + z * nx * ny;
          int w = c - 1, e = c + 1, n = c - nx, s = c + nx, b = c - nx * ny, t = c + nx * ny;
          tOut[c] = tIn[c] * cc + tIn[n] * cn + tIn[s] * cs + tIn[e] * ce + tIn[w] * cw +
                    tIn[t] * ct + tIn[b] * cb;
        }
    float *temp = tIn;
    tIn = tOut;
    tOut = temp;
    i++;
  } while (i < numiter);
  *result = tIn;
  return i;
}

int main(int argc, char **argv) {
  int nx = atoi(argv[1]), ny = atoi(argv[2]), nz = atoi(argv[3]), iters = atoi(argv[4]);
  size_t cells = (size_t)nx * ny * nz;
  float *a = malloc(cells * sizeof *a), *b = malloc(cells * sizeof *b), *res;
  for (size_t k = 0; k < cells; k++) a[k] = b[k] = 300.0f + (float)((k * 37) % 101) / 10.0f;
  float dt = 0.001f, Cap = 0.5f, Rx = 1.5f, Ry = 1.7f, Rz = 2.0f;
  float stepDivCap = dt / Cap;
  float ce = stepDivCap / Rx, cw = ce, cn = stepDivCap / Ry, cs = cn, ct = stepDivCap / Rz, cb = ct;
  float cc = 1.0f - (2.0f * ce + 2.0f * cn + 3.0f * ct);
  int done = computeTempCPU(a, b, nx, ny, nz, cc, cn, cs, ce, cw, ct, cb, iters, &res);
  double sum = 0;
  for (size_t k = 0; k < cells; k++) sum += res[k];
  printf("steps %d\nsum %.6f\n", done, sum);
  printf("cells %.6f %.6f %.6f\n", res[nx * ny + nx + 1], res[cells / 2], res[cells - nx * ny - nx - 2]);
  free(a);
  free(b);
  return 0;
}
