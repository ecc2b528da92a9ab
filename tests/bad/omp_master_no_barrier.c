// expect: 15:1: error: #pragma omp master without a barrier after it: the other threads start the next part of the step before it is done
// hint: share each loop nest of the step with #pragma omp for
/* OpenMP time loop refused: the pointers swapped in omp master with no barrier after it: the
 * other threads start the next step's nest on the old pointers. */
void heat_omp(float *u, float *unew, int ny, int nx, int nt, float r) {

#pragma omp parallel
  {
    for (int t = 0; t < nt; t++) {
#pragma omp for
      for (int i = 1; i < ny - 1; i++)
        for (int j = 1; j < nx - 1; j++)
          unew[i * nx + j] = u[i * nx + j] + r * (u[(i - 1) * nx + j] + u[(i + 1) * nx + j] +
                                                  u[i * nx + j - 1] + u[i * nx + j + 1] - 4.0f * u[i * nx + j]);
#pragma omp master
      {
        float *tmp = u;
        u = unew;
        unew = tmp;
      }
    }
  }
}
