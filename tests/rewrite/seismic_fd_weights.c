/* A seismic mini-app that computes its finite-difference weights at run time (the central
 * second-derivative weights of order 2R, fd_weights below) and passes them to the
 * propagator as an array, read as w[0] and w[r] in a radius loop; a 3D cube of flat float
 * arrays, the older wavefield overwritten by the new one, then swapped. Prints the energy of
 * both arrays and a trace.
 * run: 22 18 26 7
 * run: 16 20 19 8
 * stencilc: --function propagate
 * cuda-backend: naive
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define R 3

/* Central second-derivative weights of order 2R: w[0] for the centre, w[r] for +-r,
 * w[r] = 2 (-1)^(r+1) (R!)^2 / (r^2 (R - r)! (R + r)!), w[0] = -2 sum w[r]. */
static double factorial(int k) { return k <= 1 ? 1.0 : k * factorial(k - 1); }

static void fd_weights(float *w) {
  double sum = 0;
  for (int r = 1; r <= R; r++) {
    double c = 2.0 * (r % 2 ? 1 : -1) * factorial(R) * factorial(R) /
               ((double)r * r * factorial(R - r) * factorial(R + r));
    w[r] = (float)c;
    sum += c;
  }
  w[0] = (float)(-2.0 * sum);
}

static void propagate(int nz, int ny, int nx, int nt, const float w[R + 1], const float *v2,
                      float *pold, float *pcur) {
  const long plane = (long)ny * nx;
  for (int it = 0; it < nt; it++) {
    for (int iz = R; iz < nz - R; iz++)
      for (int iy = R; iy < ny - R; iy++)
        for (int ix = R; ix < nx - R; ix++) {
          long i = iz * plane + (long)iy * nx + ix;
          float lap = 3.0f * w[0] * pcur[i];
          for (int r = 1; r <= R; r++)
            lap += w[r] * (pcur[i + r] + pcur[i - r] + pcur[i + r * nx] + pcur[i - r * nx] +
                           pcur[i + r * plane] + pcur[i - r * plane]);
          pold[i] = 2.0f * pcur[i] - pold[i] + v2[i] * lap;
        }
    float *t = pold;
    pold = pcur;
    pcur = t;
  }
}

int main(int argc, char **argv) {
  if (argc < 5) return 2;
  int nz = atoi(argv[1]), ny = atoi(argv[2]), nx = atoi(argv[3]), nt = atoi(argv[4]);
  size_t n = (size_t)nz * ny * nx;
  float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *v2 = malloc(n * sizeof *v2);
  float w[R + 1];
  fd_weights(w);
  for (int iz = 0; iz < nz; iz++)
    for (int iy = 0; iy < ny; iy++)
      for (int ix = 0; ix < nx; ix++) {
        size_t i = ((size_t)iz * ny + iy) * nx + ix;
        float v = iz < nz / 2 ? 0.20f : 0.28f; /* v dt / h */
        v2[i] = v * v;
        float d2 = (float)((iz - nz / 2) * (iz - nz / 2) + (iy - ny / 2) * (iy - ny / 2) +
                           (ix - nx / 3) * (ix - nx / 3));
        a[i] = b[i] = expf(-d2 / 6.0f);
      }
  propagate(nz, ny, nx, nt, w, v2, a, b);
  double ea = 0, eb = 0;
  for (size_t i = 0; i < n; i++) {
    ea += (double)a[i] * a[i];
    eb += (double)b[i] * b[i];
  }
  printf("weights %.6f %.6f %.6f %.6f\n", w[0], w[1], w[2], w[3]);
  printf("energy %.6e %.6e\n", ea, eb);
  printf("trace:");
  for (int ix = R; ix < nx - R; ix += 3) printf(" %.5f", a[((size_t)(nz / 2) * ny + ny / 2) * nx + ix]);
  printf("\n");
  free(a);
  free(b);
  free(v2);
  return 0;
}
