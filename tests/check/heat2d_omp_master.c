/* The time loop inside one OpenMP parallel region: the sweep shared by #pragma omp for over
 * counters declared at the function's top (private(i, j)), the shared pointers swapped by the
 * master thread, the others held by #pragma omp barrier until the swap is done. */
void heat_omp(int nx, int ny, int steps, float *u, float *v) {
  int i, j;
#pragma omp parallel default(shared)
  {
    for (int t = 0; t < steps; t++) {
#pragma omp for private(i, j) schedule(static)
      for (i = 1; i < ny - 1; i++)
        for (j = 1; j < nx - 1; j++)
          v[i * nx + j] = 0.25f * (u[i * nx + j - 1] + u[i * nx + j + 1] + u[(i - 1) * nx + j] +
                                   u[(i + 1) * nx + j]);
#pragma omp master
      {
        float *tmp = u;
        u = v;
        v = tmp;
      }
#pragma omp barrier
    }
  }
}
