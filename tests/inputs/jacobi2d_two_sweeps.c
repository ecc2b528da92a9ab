// expect: {"dims": 2, "extents": ["n", "n"], "radius": [1, 1], "shape": "star", "npoints": 5, "coefs": {"0,0": 0.2, "0,-1": 0.2, "0,1": 0.2, "1,0": 0.2, "-1,0": 0.2}, "time_form": "two sweeps", "steps_per_iter": 2}
/* PolyBench 4 jacobi-2d style: B = f(A); A = f(B) in each time step, with an init_array that has
 * loops of its own (it must not be taken for the kernel). */
static void init_array(int n, double A[n][n], double B[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = ((double)i * (j + 2) + 2) / n;
      B[i][j] = ((double)i * (j + 3) + 3) / n;
    }
}

static void kernel_jacobi_2d(int tsteps, int n, double A[n][n], double B[n][n]) {
  int t, i, j;
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j-1] + A[i][1+j] + A[1+i][j] + A[i-1][j]);
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j-1] + B[i][1+j] + B[1+i][j] + B[i-1][j]);
  }
}

void run(int tsteps, int n, double A[n][n], double B[n][n]) {
  init_array(n, A, B);
  kernel_jacobi_2d(tsteps, n, A, B);
}
