/* A heater in a 2D heat step whose time loop lies in one OpenMP parallel region: the sweep
 * shared by #pragma omp for, then one thread adds the heater's power at its cell and swaps the
 * shared pointers in #pragma omp single (every thread adding it would add it once per thread).
 * The heater's cell is given by integer parameters, its power by a 1D array read at the step. */
void heat_omp(float *u, float *unew, const float *power, int ny, int nx, int nt, int sy, int sx, float r) {
#pragma omp parallel
  {
    for (int t = 0; t < nt; t++) {
#pragma omp for
      for (int i = 1; i < ny - 1; i++)
        for (int j = 1; j < nx - 1; j++)
          unew[i * nx + j] = u[i * nx + j] + r * (u[(i - 1) * nx + j] + u[(i + 1) * nx + j] +
                                                  u[i * nx + j - 1] + u[i * nx + j + 1] - 4.0f * u[i * nx + j]);
#pragma omp single
      {
        unew[sy * nx + sx] += power[t];
        float *tmp = u;
        u = unew;
        unew = tmp;
      }
    }
  }
}
