// expect: 9:11: error: 'Cap_1' is computed in the time loop from its counter 'i': stencil programs read run-time scalars fixed before the loop
// hint: compute coefficients once before the time loop
/* Rodinia hotspot's update with a step that grows with the time step (a ramp of the heat
 * capacity's inverse, declared in the time loop from its counter): not a run-time scalar of
 * the program, whose scalars are fixed before the loop. */
void compute_tran_temp(float *result, int num_iterations, float *temp, float *power, int row,
                       int col, float step, float Cap, float Rx_1, float Ry_1, float Rz_1) {
  for (int i = 0; i < num_iterations; i++) {
    float Cap_1 = step / Cap * (1.0f + 0.01f * i);
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
