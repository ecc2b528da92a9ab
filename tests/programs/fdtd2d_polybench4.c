/* PolyBench 4.2's fdtd-2d as shipped (polybench.h's macros written out): the arrays declared
 * with the dataset's NX x NY, the loops bounded by the run-time nx, ny (_PB_NX, _PB_NY), the
 * first row of ey set from _fict_ each step (a boundary stage bounded by ny), then the three
 * in-place sweeps. */
#ifndef NX
# define NX 1000
#endif
#ifndef NY
# define NY 1200
#endif
#ifndef TMAX
# define TMAX 500
#endif
#define DATA_TYPE double
#define SCALAR_VAL(x) x
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) var[dim1][dim2]
#define POLYBENCH_1D(var, dim1, ddim1) var[dim1]
#define _PB_TMAX tmax
#define _PB_NX nx
#define _PB_NY ny

static void kernel_fdtd_2d(int tmax, int nx, int ny, DATA_TYPE POLYBENCH_2D(ex, NX, NY, nx, ny),
                           DATA_TYPE POLYBENCH_2D(ey, NX, NY, nx, ny),
                           DATA_TYPE POLYBENCH_2D(hz, NX, NY, nx, ny),
                           DATA_TYPE POLYBENCH_1D(_fict_, TMAX, tmax)) {
  int t, i, j;
#pragma scop
  for (t = 0; t < _PB_TMAX; t++) {
    for (j = 0; j < _PB_NY; j++)
      ey[0][j] = _fict_[t];
    for (i = 1; i < _PB_NX; i++)
      for (j = 0; j < _PB_NY; j++)
        ey[i][j] = ey[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i - 1][j]);
    for (i = 0; i < _PB_NX; i++)
      for (j = 1; j < _PB_NY; j++)
        ex[i][j] = ex[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i][j - 1]);
    for (i = 0; i < _PB_NX - 1; i++)
      for (j = 0; j < _PB_NY - 1; j++)
        hz[i][j] = hz[i][j] - SCALAR_VAL(0.7) * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
#pragma endscop
}
