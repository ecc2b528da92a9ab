// expect: 18:9: error: only the thread running this block changes its own copy of 'u': swap shared pointers there (declared before the parallel region, not named private or firstprivate)
// hint: share each loop nest of the step with #pragma omp for
/* OpenMP time loop refused: the pointers firstprivate, swapped in omp single: only one
 * thread's copies change. */
void heat_omp(float *u, float *unew, int ny, int nx, int nt, float r) {

#pragma omp parallel firstprivate(u, unew)
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
