/* Rodinia's hotspot (hotspot_openmp.cpp) as a complete program: compute_tran_temp computes the
 * chip's thermal constants before its time loop from the globals t_chip, chip_height,
 * chip_width and the grid's rows and columns (float locals, Cap_1 = step / Cap, ...), calls
 * single_iteration, which reads the global amb_temp, then swaps the grids by pointer. Interior
 * cells only (Rodinia's edge cells also read step). Prints where the result is and a checksum
 * of it.
 * run: 40 30 7
 * run: 33 50 4
 */
#include <stdio.h>
#include <stdlib.h>

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

int main(int argc, char **argv) {
  int row = argc > 1 ? atoi(argv[1]) : 64, col = argc > 2 ? atoi(argv[2]) : 64;
  int steps = argc > 3 ? atoi(argv[3]) : 10;
  float *temp = malloc(sizeof(float) * row * col), *result = malloc(sizeof(float) * row * col);
  float *power = malloc(sizeof(float) * row * col);
  srand(7);
  for (int k = 0; k < row * col; k++) {
    temp[k] = result[k] = 320.0f + (float)(rand() % 1000) / 100.0f;
    power[k] = (float)(rand() % 100) / 1000.0f;
  }
  compute_tran_temp(result, steps, temp, power, row, col);
  const float *out = steps % 2 ? result : temp;
  double sum = 0;
  for (int k = 0; k < row * col; k++) sum += out[k] * (1 + k % 7);
  printf("checksum %.6e center %.6f\n", sum, out[(row / 2) * col + col / 2]);
  free(temp);
  free(result);
  free(power);
  return 0;
}
