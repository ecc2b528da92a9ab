/* The user's wave as the oracle: u's buffer k is u[k]; the shot's cell and dt2 are the run's
 * scalars, src the generated program's source array 0 (nt + 1 samples, read at t + 1). */
#define ORACLE_REAL double
#include "program_oracle.h"
#include "wave2d_src_levels.c"

int main(int argc, char **argv) {
  Oracle o;
  oracle_open(&o, argc, argv);
  double *src = oracle_source(0, o.steps + 1);
  wave((int)o.ext[0], (int)o.ext[1], (int)o.steps, (int)oracle_scalar(&o, "sz"),
       (int)oracle_scalar(&o, "sx"), oracle_scalar(&o, "dt2"), oracle_field(&o, "u"),
       oracle_field(&o, "vel"), src);
  free(src);
  return oracle_compare(&o);
}
