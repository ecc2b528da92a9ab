// expect: 7:1: error: the parallel region of the time loop has a reduction clause: stencilc's program computes the grids only (#pragma omp parallel)
// hint: share each loop nest of the step with #pragma omp for
/* OpenMP time loop refused: a reduction clause on the parallel region: a value stencilc's
 * program does not compute. */
void heat_omp(float *u, float *unew, int ny, int nx, int nt, float r) {
  float total = 0.0f;
#pragma omp parallel reduction(+ : total)
  {
    for (int t = 0; t < nt; t++) {
#pragma omp for
      for (int i = 1; i < ny - 1; i++)
        for (int j = 1; j < nx - 1; j++)
          unew[i * nx + j] = u[i * nx + j] + r * (u[(i - 1) * nx + j] + u[(i + 1) * nx + j] +
                                                  u[i * nx + j - 1] + u[i * nx + j + 1] - 4.0f * u[i * nx + j]);
#pragma omp single
      {
        float *tmp = u;
        u = unew;
        unew = tmp;
      }
    }
  }
}
