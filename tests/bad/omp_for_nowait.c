// expect: 10:1: error: a nowait clause on #pragma omp for in the time loop: the threads must finish each part of the step before the next reads it, and compute only the grids
// hint: share each loop nest of the step with #pragma omp for
/* OpenMP time loop refused: omp for nowait: a thread may swap and start the next step while
 * others still write this one. */
void heat_omp(float *u, float *unew, int ny, int nx, int nt, float r) {

#pragma omp parallel
  {
    for (int t = 0; t < nt; t++) {
#pragma omp for nowait
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
