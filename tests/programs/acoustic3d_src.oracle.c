/* The user's fwd3d as the oracle: the field p's buffer k is the array its pointers name at the
 * first step with shift k (p: 0, pp: 1, pm: 2); the shot's cell and dt are the run's scalars,
 * the wavelet the generated program's source array 0 (nt samples, read at it - 1). */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "acoustic3d_src.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  double *p = oracle_field(&o, "p"), *wavelet = oracle_source(0, o.steps);
  fwd3d((int)o.ext[2], (int)o.ext[1], (int)o.ext[0], (int)o.steps, (int)oracle_scalar(&o, "sx"),
        (int)oracle_scalar(&o, "sy"), (int)oracle_scalar(&o, "sz"), oracle_scalar(&o, "dt"),
        oracle_field(&o, "v2"), wavelet, p + 2 * o.cells, p, p + o.cells);
  free(wavelet);
  return oracle_compare(&o);
}
