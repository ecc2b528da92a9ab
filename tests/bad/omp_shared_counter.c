// expect: 9:10: error: every thread of the parallel region changes the shared 't', the time loop's counter: declare it inside the region
// hint: share each loop nest of the step with #pragma omp for
/* OpenMP time loop refused: the time loop's counter declared before the parallel region
 * (shared): every thread increments it. */
void heat_omp(float *u, float *unew, int ny, int nx, int nt, float r) {
  int t;
#pragma omp parallel
  {
    for (t = 0; t < nt; t++) {
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
