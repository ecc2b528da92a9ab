// expect: 16:7: error: every thread of the parallel region changes the shared 'u': declare it inside the region, or change it in #pragma omp single
// hint: share each loop nest of the step with #pragma omp for
/* OpenMP time loop refused: every thread swaps the shared pointers u and unew (no omp single):
 * each step swaps them as many times as there are threads. */
void heat_omp(float *u, float *unew, int ny, int nx, int nt, float r) {

#pragma omp parallel
  {
    for (int t = 0; t < nt; t++) {
#pragma omp for
      for (int i = 1; i < ny - 1; i++)
        for (int j = 1; j < nx - 1; j++)
          unew[i * nx + j] = u[i * nx + j] + r * (u[(i - 1) * nx + j] + u[(i + 1) * nx + j] +
                                                  u[i * nx + j - 1] + u[i * nx + j + 1] - 4.0f * u[i * nx + j]);
      float *tmp = u;
      u = unew;
      unew = tmp;
    }
  }
}
