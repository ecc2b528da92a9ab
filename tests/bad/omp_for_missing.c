// expect: 10:7: error: every thread of the parallel region runs this loop nest: share its iterations with #pragma omp for
// hint: share each loop nest of the step with #pragma omp for
/* OpenMP time loop refused: the step's nest without omp for: every thread computes all of it. */
void heat_omp(float *u, float *unew, int ny, int nx, int nt, float r) {

#pragma omp parallel
  {
    for (int t = 0; t < nt; t++) {

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
