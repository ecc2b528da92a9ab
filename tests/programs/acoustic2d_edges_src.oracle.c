/* The user's acoustic (rigid edges zeroed, then the shot) as the oracle: the field p's buffer k
 * is the array its pointers name at the first step with shift k (p: 0, p_next: 1, p_prev: 2);
 * the shot's cell and dt2 are the run's scalars, the wavelet the program's source array 0. */
#define ORACLE_REAL float
#include "program_oracle.h"
#include "acoustic2d_edges_src.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  int nz = (int)o.ext[0], nx = (int)o.ext[1];
  float *p = oracle_field(&o, "p"), *wavelet = oracle_source(0, o.steps);
  acoustic(nz, nx, (int)o.steps, (int)oracle_scalar(&o, "sz"), (int)oracle_scalar(&o, "sx"),
           (float)oracle_scalar(&o, "dt2"), wavelet, (const float(*)[nx])oracle_field(&o, "vel"),
           (float(*)[nx])(p + 2 * o.cells), (float(*)[nx])p, (float(*)[nx])(p + o.cells));
  free(wavelet);
  return oracle_compare(&o);
}
