/* Rodinia's hotspot step (hotspot_openmp.cpp, single_iteration's interior) with its time loop
 * inside one parallel region, as OpenMP codes hoist the region out of the loop: the step's
 * nest shared by #pragma omp for with Rodinia's clauses (shared(...) private(r, c) over
 * counters declared at the function's top), the pointers shared and swapped by one thread in
 * #pragma omp single (its implicit barrier holds the others until the swap is done). The
 * constants are float parameters. */
void compute_tran_temp(float *result, int num_iterations, float *temp, float *power, int row,
                       int col, float Cap_1, float Rx_1, float Ry_1, float Rz_1, float amb_temp) {
  int r, c;
#pragma omp parallel shared(result, temp, power) firstprivate(row, col)
  {
    for (int i = 0; i < num_iterations; i++) {
#pragma omp for private(r, c) schedule(static)
      for (r = 1; r < row - 1; r++) {
        for (c = 1; c < col - 1; c++) {
          float delta = Cap_1 * (power[r * col + c] +
                           (temp[(r + 1) * col + c] + temp[(r - 1) * col + c] - 2.f * temp[r * col + c]) * Ry_1 +
                           (temp[r * col + c + 1] + temp[r * col + c - 1] - 2.f * temp[r * col + c]) * Rx_1 +
                           (amb_temp - temp[r * col + c]) * Rz_1);
          result[r * col + c] = temp[r * col + c] + delta;
        }
      }
#pragma omp single
      {
        float *tmp = temp;
        temp = result;
        result = tmp;
      }
    }
  }
}
