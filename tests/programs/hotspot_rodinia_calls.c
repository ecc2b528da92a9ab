/* Rodinia's hotspot with its sweep in single_iteration, called from compute_tran_temp's time
 * loop with the constants compute_tran_temp computes before the loop from the globals and the
 * grid's sizes (Rodinia passes Cap_1, Rx_1, Ry_1, Rz_1 and step, which the interior does not
 * read; the ambient temperature is the
 * global amb_temp), then a pointer swap. Interior cells only. */
#define MAX_PD (3.0e6)
#define PRECISION 0.001
#define SPEC_HEAT_SI 1.75e6
#define K_SI 100
#define FACTOR_CHIP 0.5
double t_chip = 0.0005;
double chip_height = 0.016;
double chip_width = 0.016;
double amb_temp = 80.0;

void single_iteration(float *result, float *temp, float *power, int row, int col, float Cap_1,
                      float Rx_1, float Ry_1, float Rz_1, float step) {
  for (int r = 1; r < row - 1; ++r)
    for (int c = 1; c < col - 1; ++c) {
      float delta = Cap_1 * (power[r * col + c] +
          (temp[(r + 1) * col + c] + temp[(r - 1) * col + c] - 2.f * temp[r * col + c]) * Ry_1 +
          (temp[r * col + c + 1] + temp[r * col + c - 1] - 2.f * temp[r * col + c]) * Rx_1 +
          (amb_temp - temp[r * col + c]) * Rz_1);
      result[r * col + c] = temp[r * col + c] + delta;
    }
}

void compute_tran_temp(float *result, int num_iterations, float *temp, float *power, int row,
                       int col) {
  float grid_height = chip_height / row;
  float grid_width = chip_width / col;
  float Cap = FACTOR_CHIP * SPEC_HEAT_SI * t_chip * grid_width * grid_height;
  float Rx = grid_width / (2.0 * K_SI * t_chip * grid_height);
  float Ry = grid_height / (2.0 * K_SI * t_chip * grid_width);
  float Rz = t_chip / (K_SI * grid_height * grid_width);
  float max_slope = MAX_PD / (FACTOR_CHIP * t_chip * SPEC_HEAT_SI);
  float step = PRECISION / max_slope;
  float Cap_1 = step / Cap, Rx_1 = 1.f / Rx, Ry_1 = 1.f / Ry, Rz_1 = 1.f / Rz;
  for (int i = 0; i < num_iterations; i++) {
    single_iteration(result, temp, power, row, col, Cap_1, Rx_1, Ry_1, Rz_1, step);
    float *t = temp;
    temp = result;
    result = t;
  }
}
