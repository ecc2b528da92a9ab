// expect: 9:9: error: no time loop around this sweep: the outermost loop (over 'i') indexes the written cell of 'Anext'
// hint: stencilc takes a time loop around the sweep: for (int t = 0; t < nt; t++) { <sweep>; <swap> }; a function that sweeps once is read from the loop that calls it; with two time levels in one array, write A[(t + 1) % 2][i][j]
/* Parboil's cpu_stencil alone: one sweep, with no time loop in the file. */
#define Index3D(_nx, _ny, _i, _j, _k) ((_i) + _nx * ((_j) + _ny * (_k)))
void cpu_stencil(float c0, float c1, float *A0, float *Anext, const int nx, const int ny, const int nz) {
  for (int i = 1; i < nx - 1; i++)
    for (int j = 1; j < ny - 1; j++)
      for (int k = 1; k < nz - 1; k++)
        Anext[Index3D(nx, ny, i, j, k)] =
            (A0[Index3D(nx, ny, i, j, k + 1)] + A0[Index3D(nx, ny, i, j, k - 1)] +
             A0[Index3D(nx, ny, i, j + 1, k)] + A0[Index3D(nx, ny, i, j - 1, k)] +
             A0[Index3D(nx, ny, i + 1, j, k)] + A0[Index3D(nx, ny, i - 1, j, k)]) * c1 -
            A0[Index3D(nx, ny, i, j, k)] * c0;
}
