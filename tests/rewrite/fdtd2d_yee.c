/* FDTD (Yee) in 2D, TE mode, with PolyBench's fdtd-2d arrays and initial fields but the
 * textbook's order of updates: hz from the curl of ex and ey (a temporary), then ey and ex from
 * the new hz, each field updated in place over its own bounds, variable-length arrays. Prints a
 * weighted checksum of each field.
 * run: 30 38 25
 * cuda-backend: naive
 */
#include <stdio.h>
#include <stdlib.h>

/* The leapfrog of the Yee scheme in the textbook order: the magnetic field from the curl of the
 * electric field, then each electric component from the new hz. */
static void kernel_fdtd_2d(int tmax, int nx, int ny, double ex[nx][ny], double ey[nx][ny], double hz[nx][ny]) {
  const double ch = 0.7, ce = 0.5;
  for (int t = 0; t < tmax; t++) {
    for (int i = 0; i < nx - 1; i++) {
      for (int j = 0; j < ny - 1; j++) {
        double curl = (ex[i][j + 1] - ex[i][j]) + (ey[i + 1][j] - ey[i][j]);
        hz[i][j] = hz[i][j] - ch * curl;
      }
    }
    for (int i = 1; i < nx; i++) {
      for (int j = 0; j < ny; j++) {
        ey[i][j] = ey[i][j] + ce * (hz[i - 1][j] - hz[i][j]);
      }
    }
    for (int i = 0; i < nx; i++) {
      for (int j = 1; j < ny - 1; j++) {
        ex[i][j] = ex[i][j] + ce * (hz[i][j - 1] - hz[i][j]);
      }
    }
  }
}

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  int tmax = atoi(argv[1]), nx = atoi(argv[2]), ny = atoi(argv[3]);
  double (*ex)[ny] = malloc(sizeof(double[nx][ny])), (*ey)[ny] = malloc(sizeof(double[nx][ny]));
  double (*hz)[ny] = malloc(sizeof(double[nx][ny]));
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++) {
      ex[i][j] = ((double)i * (j + 1)) / nx;
      ey[i][j] = ((double)i * (j + 2)) / ny;
      hz[i][j] = ((double)i * (j + 3)) / nx;
    }
  kernel_fdtd_2d(tmax, nx, ny, ex, ey, hz);
  double s[3] = {0, 0, 0};
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++) {
      s[0] += ex[i][j] * (1 + (i + j) % 3);
      s[1] += ey[i][j] * (1 + (i + j) % 3);
      s[2] += hz[i][j] * (1 + (i + j) % 3);
    }
  printf("ex %.8e\ney %.8e\nhz %.8e\n", s[0], s[1], s[2]);
  free(ex);
  free(ey);
  free(hz);
  return 0;
}
