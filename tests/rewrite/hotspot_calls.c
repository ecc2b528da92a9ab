/* Rodinia hotspot's structure as a complete program: the sweep in single_iteration, called from
 * the time loop of compute_tran_temp, which swaps the grids by pointer; a power grid and the
 * chip's thermal constants. Prints where the result is and a checksum of it.
 * run: 40 30 7
 * run: 33 50 4
 */
#include <stdio.h>
#include <stdlib.h>

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
  compute_tran_temp(result, steps, temp, power, row, col, 0.5f, 0.1f, 0.1f, 0.002f);
  const float *out = steps % 2 ? result : temp;
  double sum = 0;
  for (int k = 0; k < row * col; k++) sum += out[k] * (1 + k % 7);
  printf("checksum %.6e center %.6f\n", sum, out[(row / 2) * col + col / 2]);
  free(temp);
  free(result);
  free(power);
  return 0;
}
