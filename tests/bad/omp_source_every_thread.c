// expect: 14:7: error: every thread of the parallel region writes this element: write it in #pragma omp single
// hint: share each loop nest of the step with #pragma omp for
/* OpenMP time loop refused: a point source added by every thread (as many times as there are
 * threads), outside omp single. */
void heat_omp(float *u, float *unew, const float *power, int ny, int nx, int nt, int src, float r) {
#pragma omp parallel
  {
    for (int t = 0; t < nt; t++) {
#pragma omp for
      for (int i = 1; i < ny - 1; i++)
        for (int j = 1; j < nx - 1; j++)
          unew[i * nx + j] = u[i * nx + j] + r * (u[(i - 1) * nx + j] + u[(i + 1) * nx + j] +
                                                  u[i * nx + j - 1] + u[i * nx + j + 1] - 4.0f * u[i * nx + j]);
      unew[src] += power[t];
#pragma omp single
      {
        float *tmp = u;
        u = unew;
        unew = tmp;
      }
    }
  }
}
