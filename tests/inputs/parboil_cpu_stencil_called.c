// expect: {"dims": 3, "dtype": "float", "extents": ["nz", "ny", "nx"], "steps": "iteration", "radius": [1, 1, 1], "shape": "star", "npoints": 7, "coefs": {"0,0,0": -0.16666666666666667, "1,0,0": 0.027777777777777778, "0,0,-1": 0.027777777777777778}, "time_form": "pointer swap"}
// check: -s 10x12x14 -t 3
/* Parboil stencil: cpu_stencil(c0, c1, A0, Anext, nx, ny, nz) with Index3D, its counters declared
 * C89-style before the loops and the j, k ones in the outer body, called in the time loop of
 * the driver, which swaps the grids; Anext = c1 * (six neighbours) - c0 * centre. */
#include <stdlib.h>
#define Index3D(_nx, _ny, _i, _j, _k) ((_i) + _nx * ((_j) + _ny * (_k)))
void cpu_stencil(float c0, float c1, float *A0, float *Anext, const int nx, const int ny, const int nz)
{
  int i;
#pragma omp parallel for
  for (i = 1; i < nx - 1; i++) {
    int j, k;
    for (j = 1; j < ny - 1; j++) {
      for (k = 1; k < nz - 1; k++) {
        Anext[Index3D(nx, ny, i, j, k)] =
          (A0[Index3D(nx, ny, i, j, k + 1)] + A0[Index3D(nx, ny, i, j, k - 1)] +
           A0[Index3D(nx, ny, i, j + 1, k)] + A0[Index3D(nx, ny, i, j - 1, k)] +
           A0[Index3D(nx, ny, i + 1, j, k)] + A0[Index3D(nx, ny, i - 1, j, k)]) * c1
          - A0[Index3D(nx, ny, i, j, k)] * c0;
      }
    }
  }
}
void run(int nx, int ny, int nz, int iteration, float *h_A0, float *h_Anext)
{
  float c0 = 1.0f / 6.0f;
  float c1 = 1.0f / 6.0f / 6.0f;
  int t;
  for (t = 0; t < iteration; t++) {
    cpu_stencil(c0, c1, h_A0, h_Anext, nx, ny, nz);
    float *temp = h_A0;
    h_A0 = h_Anext;
    h_Anext = temp;
  }
}
