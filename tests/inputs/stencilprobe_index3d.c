// expect: {"dims": 3, "dtype": "double", "extents": ["nz", "ny", "nx"], "radius": [1, 1, 1], "shape": "star", "npoints": 7, "coefs": {"0,0,0": -6.0, "1,0,0": 1.0, "-1,0,0": 1.0, "0,1,0": 1.0, "0,-1,0": 1.0, "0,0,1": 1.0, "0,0,-1": 1.0}, "time_form": "pointer swap", "loop_axis": [0, 1, 2]}
/* StencilProbe's naive heat kernel: flat grids through its Index3D macro, pointers swapped. */
#define Index3D(_nx,_ny,_i,_j,_k) ((_i)+_nx*((_j)+_ny*(_k)))

void StencilProbe_naive(double *A0, double *Anext, int nx, int ny, int nz,
                        int tx, int ty, int tz, int timesteps) {
  double fac = A0[0];
  double *temp_ptr;
  int i, j, k, t;

  for (t = 0; t < timesteps; t++) {
    for (k = 1; k < nz - 1; k++) {
      for (j = 1; j < ny - 1; j++) {
        for (i = 1; i < nx - 1; i++) {
          Anext[Index3D (nx, ny, i, j, k)] =
            A0[Index3D (nx, ny, i, j, k + 1)] +
            A0[Index3D (nx, ny, i, j, k - 1)] +
            A0[Index3D (nx, ny, i, j + 1, k)] +
            A0[Index3D (nx, ny, i, j - 1, k)] +
            A0[Index3D (nx, ny, i + 1, j, k)] +
            A0[Index3D (nx, ny, i - 1, j, k)]
            - 6.0 * A0[Index3D (nx, ny, i, j, k)];
        }
      }
    }
    temp_ptr = A0;
    A0 = Anext;
    Anext = temp_ptr;
  }
  (void)fac; (void)tx; (void)ty; (void)tz;
}
