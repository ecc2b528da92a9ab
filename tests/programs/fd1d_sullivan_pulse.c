/* Sullivan's fd1d_1_1 (Electromagnetic Simulation Using the FDTD Method): a Gaussian pulse at
 * the centre of a 1D free-space grid, as the book writes it: T declared before the loop and
 * incremented first in each step, the pulse computed into `pulse` (declared without a value)
 * with pow, the source cell an int local kc = KE / 2, the hard source ex[kc] = pulse between
 * the ex and hy updates. */
#include <math.h>
#define KE 200
void fd1d(int nsteps, float ex[KE], float hy[KE]) {
  int kc = KE / 2;
  float t0 = 40.0f, spread = 12.0f;
  float pulse;
  float T = 0;
  for (int n = 1; n <= nsteps; n++) {
    T = T + 1;
    for (int k = 1; k < KE; k++)
      ex[k] = ex[k] + 0.5f * (hy[k - 1] - hy[k]);
    pulse = exp(-0.5 * pow((t0 - T) / spread, 2.0));
    ex[kc] = pulse;
    for (int k = 0; k < KE - 1; k++)
      hy[k] = hy[k] + 0.5f * (ex[k] - ex[k + 1]);
  }
}
