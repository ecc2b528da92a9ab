// expect: {"dims": 2, "extents": [1000, 1000], "halo_lo": [1, 1], "halo_hi": [1, 1], "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.2, "0,-1": 0.2, "0,1": 0.2, "1,0": 0.2, "-1,0": 0.2}, "time_form": "copy-back", "steps_per_iter": 1}
/* PolyBench 3.2 jacobi-2d-imper style: global arrays, a scop region, the result copied back. */
#define N 1000
#define TSTEPS 20
static double A[N][N], B[N][N];

void kernel_jacobi_2d_imper(void) {
  int t, i, j;
#pragma scop
  for (t = 0; t < TSTEPS; t++) {
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j-1] + A[i][1+j] + A[1+i][j] + A[i-1][j]);
    for (i = 1; i < N-1; i++)
      for (j = 1; j < N-1; j++)
        A[i][j] = B[i][j];
  }
#pragma endscop
}
