/* Rodinia hotspot's structure: the sweep is single_iteration, called from the time loop of
 * compute_tran_temp, which then swaps the grids by pointer; a power grid read at the cell and
 * the thermal constants as parameters (float, as Rodinia). */
#define AMB_TEMP 80.0f

void single_iteration(float *result, float *temp, float *power, int row, int col,
                      float Cap_1, float Rx_1, float Ry_1, float Rz_1) {
  for (int r = 1; r < row - 1; r++)
    for (int c = 1; c < col - 1; c++)
      result[r * col + c] = temp[r * col + c] + Cap_1 * (power[r * col + c] +
          (temp[(r + 1) * col + c] + temp[(r - 1) * col + c] - 2.f * temp[r * col + c]) * Ry_1 +
          (temp[r * col + c + 1] + temp[r * col + c - 1] - 2.f * temp[r * col + c]) * Rx_1 +
          (AMB_TEMP - temp[r * col + c]) * Rz_1);
}

void compute_tran_temp(float *result, int num_iterations, float *temp, float *power, int row,
                       int col, float Cap_1, float Rx_1, float Ry_1, float Rz_1) {
  for (int i = 0; i < num_iterations; i++) {
    single_iteration(result, temp, power, row, col, Cap_1, Rx_1, Ry_1, Rz_1);
    float *t = temp;
    temp = result;
    result = t;
  }
}
