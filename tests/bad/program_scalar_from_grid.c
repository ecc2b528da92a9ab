// expect: 9:18: error: a run-time scalar is computed here from 'temp', a value of a grid or array: stencil programs read grids only in their stages
// hint: compute coefficients once before the time loop
/* Rodinia hotspot's update with the ambient temperature taken from the chip's corner before the
 * time loop (a value of the grid the loop updates) and a conductance computed from it: a program
 * reads grids only in its stages, so neither is a run-time scalar. */
void compute_tran_temp(float *result, int num_iterations, float *temp, float *power, int row,
                       int col, float Cap_1, float Rx_1, float Ry_1) {
  float grid_height = 0.016f / row;
  float corner = temp[0];
  float Rz_1 = grid_height / (100.0f * 0.0005f) * corner;
  for (int i = 0; i < num_iterations; i++) {
    for (int r = 1; r < row - 1; r++)
      for (int c = 1; c < col - 1; c++)
        result[r * col + c] = temp[r * col + c] + Cap_1 * (power[r * col + c] +
            (temp[(r + 1) * col + c] + temp[(r - 1) * col + c] - 2.f * temp[r * col + c]) * Ry_1 +
            (temp[r * col + c + 1] + temp[r * col + c - 1] - 2.f * temp[r * col + c]) * Rx_1 +
            (80.0f - temp[r * col + c]) * Rz_1);
    float *t = temp;
    temp = result;
    result = t;
  }
}
