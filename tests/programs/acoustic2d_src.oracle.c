/* The user's acoustic2d as the oracle: the field p's buffer k is the array its pointers name at
 * the first step with shift k (p: 0, p_next: 1, p_prev: 2); the shot's cell and dt2 are the
 * run's scalars, the wavelet the generated program's source array 0 (nt samples). */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "acoustic2d_src.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  float *p = oracle_field(&o, "p"), *wavelet = oracle_source(0, o.steps);
  acoustic2d((int)o.ext[1], (int)o.ext[0], (int)o.steps, (int)oracle_scalar(&o, "sx"),
             (int)oracle_scalar(&o, "sz"), (float)oracle_scalar(&o, "dt2"), oracle_field(&o, "vel"),
             wavelet, p + 2 * o.cells, p, p + o.cells);
  free(wavelet);
  return oracle_compare(&o);
}
