/* Rodinia's hotspot (OpenMP, hotspot_openmp.cpp) as it ships its time loop: compute_tran_temp
 * computes the chip's thermal constants from the globals t_chip, chip_height, chip_width (not
 * const) and the grid's rows and columns, in float locals before the loop (Cap_1 = step / Cap,
 * ...), then updates the interior of flat float arrays, the ambient temperature the global
 * amb_temp, and swaps temp and result by pointer. The constants are the user's: `stencilc check`
 * computes them with this code and runs the program with them. (Rodinia's edge cells, updated
 * by other formulas in single_iteration, are left out.) */
#define MAX_PD (3.0e6)
#define PRECISION 0.001
#define SPEC_HEAT_SI 1.75e6
#define K_SI 100
#define FACTOR_CHIP 0.5
double t_chip = 0.0005;
double chip_height = 0.016;
double chip_width = 0.016;
double amb_temp = 80.0;

void compute_tran_temp(float *result, int num_iterations, float *temp, float *power, int row, int col) {
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
    for (int r = 1; r < row - 1; ++r)
      for (int c = 1; c < col - 1; ++c) {
        float delta = Cap_1 * (power[r * col + c] +
            (temp[(r + 1) * col + c] + temp[(r - 1) * col + c] - 2.f * temp[r * col + c]) * Ry_1 +
            (temp[r * col + c + 1] + temp[r * col + c - 1] - 2.f * temp[r * col + c]) * Rx_1 +
            (amb_temp - temp[r * col + c]) * Rz_1);
        result[r * col + c] = temp[r * col + c] + delta;
      }
    float *t = temp; temp = result; result = t;
  }
}
